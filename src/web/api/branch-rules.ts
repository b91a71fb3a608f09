// A branch's order requirements and notices to buyers: kept by the supplier on its inventory pages and by
// staff (edit_organizations) on Beehive's branch page, through the same routes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from './api';
import type { components } from './generated/openapi';

export type OrderRequirements = components['schemas']['OrderRequirements'];
export type SupplierNotice = components['schemas']['SupplierNotice'];

const rulesKey = ['branch-rules'] as const;

function useRulesMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rulesKey }),
        // The inventory pages show the branch's terms too.
        client.invalidateQueries({ queryKey: ['inventory'] }),
      ]),
  });
}

export function useOrderRequirements(branchId: number) {
  return useQuery({
    queryKey: [...rulesKey, 'requirements', branchId],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/branches/{id}/order_requirements', { params: { path: { id: branchId } }, signal }),
      ),
  });
}

export const useSaveRequirements = () =>
  useRulesMutation(
    ({
      id,
      body,
    }: {
      id: number;
      body: {
        minimumOrderCents: number | null;
        minimumLeadDays: number | null;
        deliveryDays: OrderRequirements['deliveryDays'];
        pickupHours: string | null;
      };
    }) => answerOf(api.POST('/api/v1/branches/{id}/order_requirements', { params: { path: { id } }, body })),
  );

export function useNotices(branchId: number) {
  return useQuery({
    queryKey: [...rulesKey, 'notices', branchId],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/branches/{id}/supplier_notices', { params: { path: { id: branchId } }, signal }),
      ),
  });
}

export const useAddNotice = () =>
  useRulesMutation(
    ({ id, body }: { id: number; body: { body: string; startsOn: string | null; endsOn: string | null } }) =>
      answerOf(api.POST('/api/v1/branches/{id}/supplier_notices', { params: { path: { id } }, body })),
  );

export const useRemoveNotice = () =>
  useRulesMutation((id: number) =>
    answerOf(api.DELETE('/api/v1/supplier_notices/{id}', { params: { path: { id } } })),
  );

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseMoney } from '../../../../domain/money';
import type { PriceChangeReason } from '../../../../domain/orders/order-responses';
import { answerOf, api } from '../../../api/api';
import type { components, paths } from '../../../api/generated/openapi';

/** The query key of one order; the order page and these flows share it. */
export const workflowOrderKey = (id: number) => ['orders', 'detail', id] as const;

/** GET /api/v1/orders/{id}: the order the respond and proposal flows read (and every change answers). */
export type WorkflowOrder = components['schemas']['Order'];
export type WorkflowItem = WorkflowOrder['items'][number];
export type OrderResponseView = components['schemas']['PurchaseOrderResponse'];
export type OrderProposal = components['schemas']['OrderProposal'];

/*
 * The contract declares a proposal's body as an open record (its shape depends on the bailiwick and
 * the viewer's side); these are the two shapes the server writes (order-workflow.service.ts), read
 * through `proposal-kinds.ts`.
 */

/** One side of an item change: buyers get `price` (theirs), suppliers and staff `supplierPrice`. */
export type ItemSummary = {
  /** The line's position on the order and the catalogue variant's SKU (its id). */
  itemNumber?: number | null;
  sku?: string | null;
  primaryName: string;
  size: string | null;
  quantity: number;
  bookPrice?: number | null;
  priceCategory?: string | null;
  /** The supplier's price: suppliers and staff only. */
  supplierPrice?: number | null;
  /** The buyer's price: buyers and staff only. */
  price?: number | null;
  total?: number;
};

export type ItemProposalBody = {
  current: ItemSummary;
  proposed: ItemSummary;
  changes: (keyof ItemSummary)[];
  reason: string;
  priceReason: PriceChangeReason | null;
  comment: string | null;
};

export type DateProposalBody = {
  current: string | null;
  proposed: string;
  reason: string;
  comment: string | null;
};

/** Who the order is between (GET /api/v1/orders/{id}/parties), for the buyer's name. */
export type WorkflowParties = components['schemas']['OrderParties'];

export const useWorkflowOrder = (id: number | null) =>
  useQuery({
    queryKey: workflowOrderKey(id ?? 0),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/orders/{id}', { params: { path: { id: id ?? 0 } }, signal })),
    enabled: id !== null,
  });

export const useWorkflowParties = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: [...workflowOrderKey(id ?? 0), 'parties'],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/orders/{id}/parties', { params: { path: { id: id ?? 0 } }, signal })),
    enabled: enabled && id !== null,
    retry: false,
  });

/**
 * Stores the order a mutation answers and refreshes whatever else shows it (lists, parties). Every
 * caller shows its failure itself (inline alert or field messages), so the default toast stays off.
 */
function useOrderMutation<TInput>(id: number, send: (input: TInput) => Promise<WorkflowOrder>) {
  const queryClient = useQueryClient();
  return useMutation<WorkflowOrder, Error, TInput>({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData(workflowOrderKey(id), order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    meta: { handlesErrors: true },
  });
}

/*
 * The request bodies as the contract declares them: the domain's zod input types widen the reason
 * codes to string (they are checked by a refinement), the contract names them.
 */
export type RespondInput = NonNullable<
  paths['/api/v1/orders/{id}/respond']['post']['requestBody']
>['content']['application/json'];
export type BuyerDateChangeInput = NonNullable<
  paths['/api/v1/orders/{id}/proposals']['post']['requestBody']
>['content']['application/json'];

/** POST /api/v1/orders/{id}/respond: the supplier's answer to the purchase order. */
export const useRespondToOrder = (id: number) =>
  useOrderMutation(id, (body: RespondInput) =>
    answerOf(api.POST('/api/v1/orders/{id}/respond', { params: { path: { id } }, body })),
  );

/** POST /api/v1/orders/{id}/proposals: the buyer proposes another date. */
export const useProposeDateChange = (id: number) =>
  useOrderMutation(id, (body: BuyerDateChangeInput) =>
    answerOf(api.POST('/api/v1/orders/{id}/proposals', { params: { path: { id } }, body })),
  );

export type DecideInput = { proposalId: number; accept: boolean; version: number; comment?: string | null };

/** POST /api/v1/orders/{id}/proposals/{proposalId}/accept|reject. */
export const useDecideProposal = (id: number) =>
  useOrderMutation(id, (input: DecideInput) => {
    const request = {
      params: { path: { id, proposalId: input.proposalId } },
      body: { version: input.version, comment: input.comment || null },
    };
    return answerOf(
      input.accept
        ? api.POST('/api/v1/orders/{id}/proposals/{proposalId}/accept', request)
        : api.POST('/api/v1/orders/{id}/proposals/{proposalId}/reject', request),
    );
  });

/** POST /api/v1/orders/{id}/fulfill. */
export const useFulfillOrder = (id: number) =>
  useOrderMutation(id, (body: { version: number; fulfilledOn: string; confirmEarly?: boolean }) =>
    answerOf(api.POST('/api/v1/orders/{id}/fulfill', { params: { path: { id } }, body })),
  );

/** A date-only value (YYYY-MM-DD) without a time-zone shift. */
export const formatDay = (day: string | null | undefined) =>
  day
    ? new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      })
    : 'Not set';

/**
 * Dollars typed by a person ('12.5', '$1,200') as integer cents, or null when not a number: the spec's
 * money parsing (part 3 §5: strip, absolute, two decimals), see parseMoney.
 */
export const dollarsToCents = (value: string | number | null | undefined): number | null => parseMoney(value);

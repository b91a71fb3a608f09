import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TruckInput } from '../../../../domain/logistics/freight';
import { answerOf, api } from '../../../api/api';
import { apiRequest } from '../../../api/client';
import type { components } from '../../../api/generated/openapi';

export type Truck = components['schemas']['Truck'];
export type FreightRequest = components['schemas']['FreightRequest'];
export type FreightEstimateForm = components['schemas']['FreightEstimateForm'];

const trucksKey = ['logistics', 'trucks'] as const;
const queueKey = ['logistics', 'queue'] as const;

export const trucksQueryOptions = () =>
  queryOptions({
    queryKey: trucksKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/internal/trucks', { signal })),
  });
export const useTrucks = () => useQuery(trucksQueryOptions());

export const useTruck = (id: number | null) =>
  useQuery({
    queryKey: [...trucksKey, id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/trucks/{id}', { params: { path: { id: id as number } }, signal })),
  });

/** Creates a truck, or changes one when an id is given. */
export function useSaveTruck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, truck }: { id: number | null; truck: TruckInput }) =>
      id === null
        ? answerOf(api.POST('/api/internal/trucks', { body: truck }))
        : answerOf(api.PATCH('/api/internal/trucks/{id}', { params: { path: { id } }, body: truck })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trucksKey }),
    meta: { handlesErrors: true },
  });
}

export const useFreightQueue = (view: 'open' | 'answered') =>
  useQuery({
    queryKey: [...queueKey, view],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/freight_requests', { params: { query: { view } }, signal })),
  });

export const useFreightEstimateForm = (id: number | null) =>
  useQuery({
    queryKey: [...queueKey, 'request', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/freight_requests/{id}', { params: { path: { id: id as number } }, signal }),
      ),
  });

/** POST /api/v1/freight_estimates as a multipart form (the PDF is optional). */
export function useCreateFreightEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      freightRequestId: number;
      cost: number;
      notes: string;
      truckId: number | null;
      pdf: File | null;
    }) => {
      const form = new FormData();
      form.append('freightRequestId', String(input.freightRequestId));
      form.append('cost', String(input.cost));
      if (input.notes) form.append('notes', input.notes);
      if (input.truckId !== null) form.append('truckId', String(input.truckId));
      if (input.pdf) form.append('pdf', input.pdf, input.pdf.name);
      return apiRequest<FreightRequest>('/api/v1/freight_estimates', { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['logistics'] }),
    meta: { handlesErrors: true },
  });
}

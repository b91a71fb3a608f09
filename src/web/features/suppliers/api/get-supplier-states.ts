import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type SupplierState = components['schemas']['SupplierState'];

export const supplierStatesQueryOptions = () =>
  queryOptions({
    queryKey: ['suppliers', 'states'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/suppliers/states', { signal })),
    staleTime: 5 * 60_000,
  });

/** States and provinces that have suppliers, with how many branches each. */
export const useSupplierStates = () => useQuery(supplierStatesQueryOptions());

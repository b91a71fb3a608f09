import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

export type SupplierState = { state: string; name: string; branchCount: number };

export const supplierStatesQueryOptions = () =>
  queryOptions({
    queryKey: ['suppliers', 'states'],
    queryFn: ({ signal }) => apiRequest<SupplierState[]>('/api/v1/suppliers/states', { signal }),
    staleTime: 5 * 60_000,
  });

/** States and provinces that have suppliers, with how many branches each. */
export const useSupplierStates = () => useQuery(supplierStatesQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type SupplierPin = components['schemas']['BranchPin'];

export const supplierPinsQueryOptions = () =>
  queryOptions({
    queryKey: ['suppliers', 'pins'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/suppliers/pins', { signal })),
    staleTime: 5 * 60_000,
  });

/** Every branch that can go on the map. */
export const useSupplierPins = () => useQuery(supplierPinsQueryOptions());

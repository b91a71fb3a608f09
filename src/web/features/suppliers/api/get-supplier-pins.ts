import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

export type SupplierPin = {
  id: number;
  name: string;
  slug: string;
  organizationName: string;
  city: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
};

export const supplierPinsQueryOptions = () =>
  queryOptions({
    queryKey: ['suppliers', 'pins'],
    queryFn: ({ signal }) => apiRequest<SupplierPin[]>('/api/v1/suppliers/pins', { signal }),
    staleTime: 5 * 60_000,
  });

/** Every branch that can go on the map. */
export const useSupplierPins = () => useQuery(supplierPinsQueryOptions());

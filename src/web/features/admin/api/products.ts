import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductPatch } from '../../../../domain/catalog/admin-products';
import { answerOf, api } from '../../../api/api';

const key = ['admin', 'products'] as const;

export type AdminProductFilter = {
  page: number;
  perPage: number;
  query?: string;
  group?: string;
  missingImage?: 'true';
  noListings?: 'true';
  restricted?: 'true';
};

export const adminProductsQueryOptions = (filter: AdminProductFilter) =>
  queryOptions({
    queryKey: [...key, 'list', filter],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/products', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (filter: AdminProductFilter) => useQuery(adminProductsQueryOptions(filter));

export const useAdminProduct = (id: number) =>
  useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/products/{id}', { params: { path: { id } }, signal })),
  });

export const useProductGroups = () =>
  useQuery({
    queryKey: ['product-groups'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/product_groups', { signal })),
    staleTime: 5 * 60_000,
  });

export function useSaveAdminProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminProductPatch) =>
      answerOf(api.PATCH('/api/internal/products/{id}', { params: { path: { id } }, body: patch })),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBrand, AdminBrandCreate, AdminBrandPatch } from '../../../../domain/catalog/admin-brands';
import { answerOf, api } from '../../../api/api';
import { apiRequest } from '../../../api/client';

const key = ['admin', 'brands'] as const;

export type AdminBrandFilter = { page: number; perPage: number; query?: string };

export const adminBrandsQueryOptions = (filter: AdminBrandFilter) =>
  queryOptions({
    queryKey: [...key, 'list', filter],
    queryFn: ({ signal }) => answerOf(api.GET('/api/internal/brands', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

export const useAdminBrands = (filter: AdminBrandFilter) => useQuery(adminBrandsQueryOptions(filter));

export const useAdminBrand = (id: number) =>
  useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/brands/{id}', { params: { path: { id } }, signal })),
  });

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBrandCreate) => answerOf(api.POST('/api/internal/brands', { body })),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSaveBrand(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminBrandPatch) =>
      answerOf(api.PATCH('/api/internal/brands/{id}', { params: { path: { id } }, body: patch })),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useUploadBrandLogo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<AdminBrand>(`/api/internal/brands/${id}/logo`, { method: 'POST', body: form });
    },
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

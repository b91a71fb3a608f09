import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductPatch } from '../../../../domain/catalog/admin-products';
import { answerOf, api } from '../../../api/api';
import { apiRequest } from '../../../api/client';
import type { components } from '../../../api/generated/openapi';

const key = ['admin', 'products'] as const;

export type AdminProductFilter = {
  page: number;
  perPage: number;
  query?: string;
  group?: string;
  family?: string;
  categoryId?: number;
  brandId?: number;
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

/** The category and brand choices of the catalogue list's filters. */
export const useAdminProductFilterChoices = () =>
  useQuery({
    queryKey: [...key, 'filter-choices'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/internal/products/filter_choices', { signal })),
    staleTime: 5 * 60_000,
  });

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

export function useVariantEdits(productId: number) {
  const queryClient = useQueryClient();
  const done = {
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  };
  const add = useMutation({
    mutationFn: (size: string) =>
      answerOf(
        api.POST('/api/internal/products/{id}/variants', {
          params: { path: { id: productId } },
          body: { size },
        }),
      ),
    ...done,
  });
  const rename = useMutation({
    mutationFn: ({ id, size }: { id: number; size: string }) =>
      answerOf(
        api.PATCH('/api/internal/product_variants/{id}', { params: { path: { id } }, body: { size } }),
      ),
    ...done,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/internal/product_variants/{id}', { params: { path: { id } } })),
    ...done,
  });
  return { add, rename, remove };
}

const imagesKey = (productId: number) => [...key, 'images', productId] as const;

export const useAdminProductImages = (productId: number) =>
  useQuery({
    queryKey: imagesKey(productId),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/products/{productId}/images', { params: { path: { productId } }, signal })),
  });

/** Staff add photos through the same pipeline as everyone (type and size checks, small and mini sizes). */
export function useAddAdminProductImages(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, today }: { files: File[]; today: string }) => {
      const form = new FormData();
      form.append('pictureTakenOn', today);
      form.append('public', 'true');
      for (const file of files) form.append('photos', file, file.name);
      return apiRequest<components['schemas']['ProductImageList']>(`/api/v1/products/${productId}/images`, {
        method: 'POST',
        body: form,
      });
    },
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveAdminProductImage(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.DELETE('/api/v1/product_images/{id}', { params: { path: { id } } })),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKey(productId) }),
  });
}

/** Staff arrange the product's photos; the answer is the list in its new order (the first is the product's image). */
export function useReorderAdminProductImages(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageIds: number[]) =>
      answerOf(
        api.PUT('/api/internal/products/{id}/image_order', {
          params: { path: { id: productId } },
          body: { imageIds },
        }),
      ),
    meta: { handlesErrors: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(imagesKey(productId), answer);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import { apiRequest } from '../../../api/client';
import type { components } from '../../../api/generated/openapi';

export type InventoryRow = components['schemas']['InventoryRow'];
export type InventoryOrganization = components['schemas']['InventoryOrganization'];
export type InventoryBranch = components['schemas']['InventoryBranch'];
export type ImportView = components['schemas']['Import'];
export type ImportLine = components['schemas']['ImportLine'];
export type PurchaseDiscountRequest = components['schemas']['PurchaseDiscountRequest'];
export type StockFilter = 'all' | 'in_stock' | 'out_of_stock' | 'stale';

export type InventoryFilter = {
  branchId?: number;
  organizationSlug?: string;
  query: string;
  stock: StockFilter;
  page: number;
  perPage: number;
};

/** The organisation (by its slug, or by one of its branches' slug) and its branches. */
export function useInventoryOrganization(by: { organizationSlug?: string; branchSlug?: string }) {
  return useQuery({
    queryKey: ['inventory', 'organization', by],
    queryFn: ({ signal }) =>
      by.branchSlug
        ? answerOf(
            api.GET('/api/v1/inventory/branches/{slug}', {
              params: { path: { slug: by.branchSlug } },
              signal,
            }),
          )
        : answerOf(
            api.GET('/api/v1/inventory/organization', {
              params: { query: { slug: by.organizationSlug } },
              signal,
            }),
          ),
  });
}

export function useInventory(filter: InventoryFilter) {
  return useQuery({
    queryKey: ['inventory', 'listings', filter],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/inventory', {
          params: {
            query: {
              branchId: filter.branchId,
              organizationSlug: filter.branchId ? undefined : filter.organizationSlug,
              query: filter.query.trim() || undefined,
              stock: filter.stock,
              page: filter.page,
              perPage: filter.perPage,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export type ListingChange = {
  quantity?: number;
  ignoreQuantity?: boolean;
  priceTiers?: { quantityMin: number; price: number }[];
};

/** One inline edit, saved at once; the row is replaced by the server's answer. */
export function useUpdateListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: ListingChange }) =>
      answerOf(api.PATCH('/api/v1/availabilities/{id}', { params: { path: { id } }, body: change })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['inventory'] }),
  });
}

function useInventoryMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['inventory'] }),
  });
}

export const useZeroOut = () =>
  useInventoryMutation((id: number) =>
    answerOf(api.POST('/api/v1/branches/{id}/zero_out_availability', { params: { path: { id } } })),
  );

export const useReindex = () =>
  useInventoryMutation((id: number) =>
    answerOf(api.POST('/api/v1/branches/{id}/reindex_availability', { params: { path: { id } } })),
  );

export const useSetHidden = () =>
  useInventoryMutation(({ id, hidden }: { id: number; hidden: boolean }) =>
    answerOf(api.PUT('/api/v1/branches/{id}/visibility', { params: { path: { id } }, body: { hidden } })),
  );

export const useUploadLogo = () =>
  useInventoryMutation(
    ({ target, id, file }: { target: 'branches' | 'organizations'; id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<{ logoUrl: string }>(`/api/v1/${target}/${id}/logo`, { method: 'POST', body: form });
    },
  );

// ---------- availability uploads

export const useCreateImport = () =>
  useMutation({
    mutationFn: ({ branchId, file, mode }: { branchId: number; file: File; mode: 'append' | 'replace' }) => {
      const form = new FormData();
      form.append('mode', mode);
      form.append('file', file);
      return apiRequest<{ id: number }>(`/api/v1/branches/${branchId}/availability_imports`, {
        method: 'POST',
        body: form,
      });
    },
    meta: { handlesErrors: true },
  });

/** An import, polled while its preview or apply job runs. */
export function useImport(id: number | null, outcome: ImportLine['outcome'] | null, page: number) {
  return useQuery({
    queryKey: ['imports', id, outcome, page],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/availability_imports/{id}', {
          params: { path: { id: id as number }, query: { outcome: outcome ?? undefined, page, perPage: 50 } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'previewing' || status === 'applying' ? 500 : false;
    },
  });
}

function useImportMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['imports'] }),
  });
}

export const useUpdateImport = () =>
  useImportMutation(
    ({ id, mapping, mode }: { id: number; mapping?: ImportView['mapping']; mode?: 'append' | 'replace' }) =>
      answerOf(
        api.PATCH('/api/v1/availability_imports/{id}', { params: { path: { id } }, body: { mapping, mode } }),
      ),
  );

export const useMatchLine = () =>
  useImportMutation(
    ({ id, lineId, productVariantId }: { id: number; lineId: number; productVariantId: number }) =>
      answerOf(
        api.POST('/api/v1/availability_imports/{id}/lines/{lineId}/match', {
          params: { path: { id, lineId } },
          body: { productVariantId },
        }),
      ),
  );

export function useApplyImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answerOf(api.POST('/api/v1/availability_imports/{id}/apply', { params: { path: { id } } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['imports'] });
      void client.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}

/** Catalogue products by name, with their sizes, for matching a line by hand. */
export async function findProductSizes(query: string) {
  const found = await answerOf(
    api.GET('/api/v1/products/search', {
      params: { query: { query, perPage: 8, include: 'results' } as never },
    }),
  );
  return found.results.map((result) => ({
    id: result.id,
    name: result.primaryName,
    path: result.pathIdentifier,
  }));
}

export async function sizesOfProduct(pathIdentifier: string) {
  const product = await answerOf(
    api.GET('/api/v1/products/{idOrPathIdentifier}', {
      params: { path: { idOrPathIdentifier: pathIdentifier } },
    }),
  );
  return product.variants.map((variant) => ({ id: variant.id, size: variant.size }));
}

// ---------- purchase discounts (EVD)

export function usePurchaseDiscountRequests() {
  return useQuery({
    queryKey: ['purchase-discounts'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/purchase_discount_requests', { signal })),
  });
}

export function useDecidePurchaseDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'deny' }) =>
      decision === 'approve'
        ? answerOf(api.POST('/api/v1/purchase_discount_requests/{id}/approve', { params: { path: { id } } }))
        : answerOf(api.POST('/api/v1/purchase_discount_requests/{id}/deny', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['purchase-discounts'] }),
  });
}

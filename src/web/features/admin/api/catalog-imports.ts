import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportKind, ImportMapping, LineOutcome } from '../../../../domain/imports/import-schemas';
import { answerOf, api } from '../../../api/api';
import { apiRequest } from '../../../api/client';
import type { components } from '../../../api/generated/openapi';

export type CatalogImportView = components['schemas']['Import'];
export type CatalogImportLine = components['schemas']['ImportLine'];
export type CatalogImportListItem = components['schemas']['CatalogImportListItem'];

const key = ['admin', 'catalog-imports'] as const;

export const useCatalogImports = (filter: { page: number; perPage: number; kind?: ImportKind }) =>
  useQuery({
    queryKey: [...key, 'list', filter],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/internal/catalog_imports', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });

/** An import, polled while its preview or apply job runs. */
export const useCatalogImport = (id: number, outcome: LineOutcome | null) =>
  useQuery({
    queryKey: [...key, 'one', id, outcome],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/catalog_imports/{id}', {
          params: { path: { id }, query: { outcome: outcome ?? undefined, page: 1, perPage: 100 } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'previewing' || status === 'applying' ? 500 : false;
    },
  });

export type NewCatalogImport = {
  kind: ImportKind;
  file: File;
  branchId: number | null;
  organizationId: number | null;
};

export const useCreateCatalogImport = () =>
  useMutation({
    mutationFn: ({ kind, file, branchId, organizationId }: NewCatalogImport) => {
      const form = new FormData();
      form.append('kind', kind);
      if (branchId !== null) form.append('branchId', String(branchId));
      if (organizationId !== null) form.append('organizationId', String(organizationId));
      form.append('file', file);
      return apiRequest<{ id: number }>('/api/internal/catalog_imports', { method: 'POST', body: form });
    },
    meta: { handlesErrors: true },
  });

function useImportMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useRemapCatalogImport = () =>
  useImportMutation(({ id, mapping }: { id: number; mapping: ImportMapping }) =>
    answerOf(
      api.PATCH('/api/internal/catalog_imports/{id}', { params: { path: { id } }, body: { mapping } }),
    ),
  );

/** Saves a bad line's corrected cells; the import is previewed again. */
export const useFixImportLine = () =>
  useImportMutation(({ id, lineId, cells }: { id: number; lineId: number; cells: string[] }) =>
    answerOf(
      api.PATCH('/api/internal/catalog_imports/{id}/lines/{lineId}', {
        params: { path: { id, lineId } },
        body: { cells },
      }),
    ),
  );

export const useApplyCatalogImport = () =>
  useImportMutation((id: number) =>
    answerOf(api.POST('/api/internal/catalog_imports/{id}/apply', { params: { path: { id } } })),
  );

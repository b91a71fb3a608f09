import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddListItemInput, UpdateListItemInput } from '../../../../domain/hubsheets/hubsheet-schemas';
import type {
  HubsheetStatus,
  HubsheetSummary,
  HubsheetView,
  ImportListView,
  ListItemView,
} from '../../../../domain/hubsheets/hubsheet-types';
import { apiRequest, downloadFile } from '../../../api/client';

export type ListPage<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

export const hubsheetsPerPage = 20;

export const hubsheetKeys = {
  all: ['hubsheets'] as const,
  list: (filter: { query: string; page: number }) => ['hubsheets', 'list', filter] as const,
  detail: (id: number) => ['hubsheets', 'detail', id] as const,
};

export const hubsheetListQueryOptions = (filter: { query: string; page: number }) =>
  queryOptions({
    queryKey: hubsheetKeys.list(filter),
    queryFn: ({ signal }) =>
      apiRequest<ListPage<HubsheetSummary>>('/api/v1/hubsheets', {
        query: { query: filter.query || undefined, page: filter.page, perPage: hubsheetsPerPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The HubSheets index: 20 a page, most recently updated first (the server sorts). */
export const useHubsheetList = (filter: { query: string; page: number }) =>
  useQuery(hubsheetListQueryOptions(filter));

/** A hubsheet with its lines; polled every 2 s while its lines are still being matched. */
export const useHubsheet = (id: number) =>
  useQuery({
    queryKey: hubsheetKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<HubsheetView>(`/api/v1/hubsheets/${id}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && query.state.data.matching.state !== 'done' ? 2000 : false,
  });

export function useInvalidateHubsheets() {
  const queryClient = useQueryClient();
  return (hubsheet?: HubsheetView) => {
    if (hubsheet) queryClient.setQueryData(hubsheetKeys.detail(hubsheet.id), hubsheet);
    void queryClient.invalidateQueries({ queryKey: ['hubsheets', 'list'] });
  };
}

// Import wizard

/** Uploads the spreadsheet (multipart `file`, `headers_included`). */
export function uploadImportList(file: File, headersIncluded: boolean) {
  const form = new FormData();
  form.append('headers_included', String(headersIncluded));
  form.append('file', file, file.name);
  return apiRequest<ImportListView>('/api/v1/import_lists', { method: 'POST', body: form });
}

export type ImportMapping = {
  productNameIndex: number | null;
  containerIndex: number | null;
  quantityIndex: number | null;
  budgetedPriceIndex: number | null;
  otherIndexes: number[];
};

export const updateImportMapping = (id: number, mapping: ImportMapping) =>
  apiRequest<ImportListView>(`/api/v1/import_lists/${id}`, { method: 'PATCH', body: mapping });

export type CreateHubsheetInput = {
  name: string;
  postalCode: string;
  importListId?: number;
  radiusRestriction?: number | null;
  jobDate?: string | null;
};

export const createHubsheet = (input: CreateHubsheetInput) =>
  apiRequest<{ id: number; listItems: ListItemView[] }>('/api/v1/hubsheets', {
    method: 'POST',
    body: input,
  });

// One hubsheet

export type UpdateHubsheetInput = {
  name?: string;
  postalCode?: string;
  status?: HubsheetStatus;
  logisticsRate?: string | null;
  radiusRestriction?: number | null;
  jobDate?: string | null;
  version?: number;
};

export const updateHubsheet = (id: number, input: UpdateHubsheetInput) =>
  apiRequest<HubsheetView>(`/api/v1/hubsheets/${id}`, { method: 'PATCH', body: input });

export const deleteHubsheet = (id: number) =>
  apiRequest<null>(`/api/v1/hubsheets/${id}`, { method: 'DELETE' });

export type ListItemInput = UpdateListItemInput;

export const addListItem = (hubsheetId: number, input: AddListItemInput) =>
  apiRequest<ListItemView>(`/api/v1/hubsheets/${hubsheetId}/list_items`, { method: 'POST', body: input });

export const updateListItem = (id: number, input: UpdateListItemInput) =>
  apiRequest<ListItemView>(`/api/v1/list_items/${id}`, { method: 'PATCH', body: input });

export const deleteListItem = (id: number) =>
  apiRequest<null>(`/api/v1/list_items/${id}`, { method: 'DELETE' });

/** The hubsheet's line ids in their new order. */
export const reorderListItems = (hubsheetId: number, listItems: number[]) =>
  apiRequest<unknown>('/api/v1/list_items/reorder', { method: 'POST', body: { hubsheetId, listItems } });

export const downloadHubsheet = (id: number, format: 'csv' | 'xlsx') =>
  downloadFile(`/api/v1/hubsheets/${id}/download`, { format });

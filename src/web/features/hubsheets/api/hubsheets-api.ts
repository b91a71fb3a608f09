import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddListItemInput, UpdateListItemInput } from '../../../../domain/hubsheets/hubsheet-schemas';
import type { HubsheetView } from '../../../../domain/hubsheets/hubsheet-types';
import { answerOf, api } from '../../../api/api';
import { apiFetch, apiRequest, downloadFile, failureOf, readBody } from '../../../api/client';
import type { components, paths } from '../../../api/generated/openapi';

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
      answerOf(
        api.GET('/api/v1/hubsheets', {
          params: {
            query: { query: filter.query || undefined, page: filter.page, perPage: hubsheetsPerPage },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The HubSheets index: 20 a page, most recently updated first (the server sorts). */
export const useHubsheetList = (filter: { query: string; page: number }) =>
  useQuery(hubsheetListQueryOptions(filter));

/** A hubsheet with its lines; polled every 2 s while its lines are still being matched. */
export const useHubsheet = (id: number) =>
  useQuery({
    queryKey: hubsheetKeys.detail(id),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/hubsheets/{id}', { params: { path: { id } }, signal })),
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

/**
 * Uploads the spreadsheet (multipart `file`, `headers_included`). The contract declares no JSON body
 * for this multipart call, so it goes through `apiRequest`; its answer is still the contract's.
 */
export function uploadImportList(file: File, headersIncluded: boolean) {
  const form = new FormData();
  form.append('headers_included', String(headersIncluded));
  form.append('file', file, file.name);
  return apiRequest<components['schemas']['ImportList']>('/api/v1/import_lists', {
    method: 'POST',
    body: form,
  });
}

/** Sends a PDF or image to the converter (multipart `file`, and the drawn area as fractions). */
export function uploadImportImage(
  file: File,
  crop: { x: number; y: number; width: number; height: number } | null,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  if (crop) {
    form.append('crop_x', String(crop.x));
    form.append('crop_y', String(crop.y));
    form.append('crop_width', String(crop.width));
    form.append('crop_height', String(crop.height));
  }
  return apiRequest<components['schemas']['ImportImageCreated']>('/api/v1/import_images', {
    method: 'POST',
    body: form,
  });
}

/** A PDF's first page as an image, to draw the table's area on (the server renders it). */
export async function previewPdfPage(file: File): Promise<Blob> {
  const form = new FormData();
  form.append('file', file, file.name);
  const request = new Request(new URL('/api/v1/import_images/page_preview', window.location.origin), {
    method: 'POST',
    headers: { Accept: 'image/png' },
    body: form,
  });
  const response = await apiFetch(request);
  if (!response.ok) {
    throw failureOf(response.status, response.statusText, await readBody(response), null);
  }
  return response.blob();
}

export const getImportImage = (id: number) =>
  answerOf(api.GET('/api/v1/import_images/{id}', { params: { path: { id } } }));

export const getImportList = (id: number) =>
  answerOf(api.GET('/api/v1/import_lists/{id}', { params: { path: { id } } }));

export type ImportMapping = {
  productNameIndex: number | null;
  containerIndex: number | null;
  quantityIndex: number | null;
  budgetedPriceIndex: number | null;
  otherIndexes: number[];
};

/** The mapping as the server takes it: the product name and quantity columns are required. */
export type ImportMappingInput =
  paths['/api/v1/import_lists/{id}']['patch']['requestBody']['content']['application/json'];

export const updateImportMapping = (id: number, mapping: ImportMappingInput) =>
  answerOf(api.PATCH('/api/v1/import_lists/{id}', { params: { path: { id } }, body: mapping }));

/** A new hubsheet, as the API takes it (its job date may not be before the user's day). */
export type CreateHubsheetInput =
  paths['/api/v1/hubsheets']['post']['requestBody']['content']['application/json'];

export const createHubsheet = (input: CreateHubsheetInput) =>
  answerOf(api.POST('/api/v1/hubsheets', { body: input }));

// One hubsheet

/** A change to a hubsheet, as the API takes it: the fields to change, and the version it was read at. */
export type UpdateHubsheetInput = NonNullable<
  paths['/api/v1/hubsheets/{id}']['patch']['requestBody']
>['content']['application/json'];

export const updateHubsheet = (id: number, input: UpdateHubsheetInput) =>
  answerOf(api.PATCH('/api/v1/hubsheets/{id}', { params: { path: { id } }, body: input }));

export const deleteHubsheet = (id: number) =>
  answerOf(api.DELETE('/api/v1/hubsheets/{id}', { params: { path: { id } } }));

export type ListItemInput = UpdateListItemInput;

export const addListItem = (hubsheetId: number, input: AddListItemInput) =>
  answerOf(
    api.POST('/api/v1/hubsheets/{id}/list_items', { params: { path: { id: hubsheetId } }, body: input }),
  );

export const updateListItem = (id: number, input: UpdateListItemInput) =>
  answerOf(api.PATCH('/api/v1/list_items/{id}', { params: { path: { id } }, body: input }));

export const deleteListItem = (id: number) =>
  answerOf(api.DELETE('/api/v1/list_items/{id}', { params: { path: { id } } }));

/** The hubsheet's line ids in their new order. */
export const reorderListItems = (hubsheetId: number, listItems: number[]) =>
  answerOf(api.POST('/api/v1/list_items/reorder', { body: { hubsheetId, listItems } }));

export const downloadHubsheet = (id: number, format: 'csv' | 'xlsx') =>
  downloadFile(`/api/v1/hubsheets/${id}/download`, { format });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';
import { adminOrganizationsKey } from './get-organizations';

export type Company = components['schemas']['Company'];
export type OrganizationAddress = components['schemas']['CompanyAddress'];

export type OrganizationDetail = components['schemas']['AdminOrganization'];

export const getOrganization = (id: number, signal?: AbortSignal) =>
  answerOf(api.GET('/api/internal/organizations/{id}', { params: { path: { id } }, signal }));

export const getOrganizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminOrganizationsKey, 'detail', id],
    queryFn: ({ signal }) => getOrganization(id, signal),
  });

export const useOrganization = (id: number) => useQuery(getOrganizationQueryOptions(id));

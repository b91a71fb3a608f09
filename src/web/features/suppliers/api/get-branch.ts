import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** One branch (`GET /api/v1/branches/{slug}`). */
export type Branch = components['schemas']['Branch'];

export const branchQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['branches', slug],
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/branches/{slug}', { params: { path: { slug } }, signal })),
  });

export const useBranch = (slug: string) => useQuery(branchQueryOptions(slug));

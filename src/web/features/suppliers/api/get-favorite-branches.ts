import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

export const favoriteBranchesQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['branches', 'favorites', [...ids].sort((a, b) => a - b)],
    queryFn: ({ signal }) =>
      ids.length === 0
        ? Promise.resolve({ results: [], totalCount: 0, currentPage: 1, totalPages: 1 })
        : answerOf(
            api.GET('/api/v1/branches', { params: { query: { branchIds: [...ids], perPage: 100 } }, signal }),
          ),
    placeholderData: keepPreviousData,
  });

/** The branches with these ids (the signed-in user's favourites), by name. */
export const useFavoriteBranches = (ids: readonly number[]) => useQuery(favoriteBranchesQueryOptions(ids));

import { useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';

/** The landing page's figures (suppliers, branches, products in stock, states), counted by the server. */
export const useMarketplaceFigures = () =>
  useQuery({
    queryKey: ['marketplace-figures'],
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/marketplace_figures', { signal })),
    staleTime: 5 * 60_000,
  });

import { useQuery } from '@tanstack/react-query';
import { answerOf, api } from './api';

/** The cache key of the signed-in user's current cart (carts invalidate it under `['carts']`). */
export const currentCartKey = ['carts', 'current'] as const;

/**
 * The signed-in user's current cart (the header's cart button, add-to-cart, the search page's
 * 'In Active Cart' notices); `cart` is null when they have none.
 */
export const useCurrentCart = (enabled: boolean) =>
  useQuery({
    queryKey: currentCartKey,
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/carts/current', { signal })),
    enabled,
  });

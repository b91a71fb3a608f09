import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** The product page's product (`GET /api/v1/products/{idOrPathIdentifier}`). */
export type Product = components['schemas']['ProductPage'];

type ProductPhoto = components['schemas']['ProductImage'];

/**
 * A product image (part 2 §3 Image entry). Photos carry their id, supplier, branch and the day they
 * were taken; an image the catalogue came with has only its address — so every field but the image
 * is optional here, which both kinds of `Product['productImages']` satisfy.
 */
export type ProductImage = Pick<ProductPhoto, 'image'> & Partial<Omit<ProductPhoto, 'image'>>;

export const productQueryOptions = (pathIdentifier: string) =>
  queryOptions({
    queryKey: ['products', pathIdentifier],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/products/{idOrPathIdentifier}', {
          params: { path: { idOrPathIdentifier: pathIdentifier } },
          signal,
        }),
      ),
  });

export const useProduct = (pathIdentifier: string) => useQuery(productQueryOptions(pathIdentifier));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { ListPage } from './get-suppliers';

export type BrandSummary = {
  id: number;
  slug: string;
  name: string;
  logoUrl: string | null;
  productCount: number;
};

export type BrandProduct = {
  id: number;
  pathIdentifier: string;
  primaryName: string;
  secondaryName: string | null;
  imageUrl: string | null;
  categoryNames: string;
  totalSuppliers: number;
};

export type BrandDetail = BrandSummary & { products: ListPage<BrandProduct> };

export const brandsQueryOptions = (filter: { query: string; page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['brands', 'list', filter],
    queryFn: ({ signal }) =>
      apiRequest<ListPage<BrandSummary>>('/api/v1/brands', {
        query: { query: filter.query.trim(), page: filter.page, perPage: filter.perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useBrands = (filter: { query: string; page: number; perPage: number }) =>
  useQuery(brandsQueryOptions(filter));

export const brandQueryOptions = (slug: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: ['brands', slug, { page, perPage }],
    queryFn: ({ signal }) =>
      apiRequest<BrandDetail>(`/api/v1/brands/${encodeURIComponent(slug)}`, {
        query: { page, perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A brand and one page of its products. */
export const useBrand = (slug: string, page: number, perPage: number) =>
  useQuery(brandQueryOptions(slug, page, perPage));

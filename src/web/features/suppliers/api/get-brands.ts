import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

export type BrandSummary = components['schemas']['Brand'];
export type BrandProduct = components['schemas']['BrandProduct'];
/** A supplier organisation that lists some of a brand's products. */
export type BrandSupplier = components['schemas']['BrandSupplier'];
export type BrandDetail = components['schemas']['BrandPage'];
export type SupplierBrandProduct = components['schemas']['SupplierBrandProduct'];
/** A brand as one supplier carries it: its branches that list it and the products they list. */
export type SupplierBrandDetail = components['schemas']['SupplierBrandPage'];
export type SupplierBrandBranch = SupplierBrandDetail['branches'][number];

/** One page of a brand's products, whichever kind of product the page lists. */
export type BrandProductsPage<T> = Omit<BrandDetail['products'], 'results'> & { results: T[] };

export const brandsQueryOptions = (filter: { query: string; page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['brands', 'list', filter],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/brands', {
          params: { query: { query: filter.query.trim(), page: filter.page, perPage: filter.perPage } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useBrands = (filter: { query: string; page: number; perPage: number }) =>
  useQuery(brandsQueryOptions(filter));

export const brandQueryOptions = (slug: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: ['brands', slug, { page, perPage }],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/brands/{slug}', { params: { path: { slug }, query: { page, perPage } }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

/** A brand and one page of its products. */
export const useBrand = (slug: string, page: number, perPage: number) =>
  useQuery(brandQueryOptions(slug, page, perPage));

export const supplierBrandQueryOptions = (
  organizationSlug: string,
  slug: string,
  page: number,
  perPage: number,
) =>
  queryOptions({
    queryKey: ['brands', slug, 'supplier', organizationSlug, { page, perPage }],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/brands/{organizationSlug}/{slug}', {
          params: { path: { organizationSlug, slug }, query: { page, perPage } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** A brand at one supplier and one page of the products it lists. */
export const useSupplierBrand = (organizationSlug: string, slug: string, page: number, perPage: number) =>
  useQuery(supplierBrandQueryOptions(organizationSlug, slug, page, perPage));

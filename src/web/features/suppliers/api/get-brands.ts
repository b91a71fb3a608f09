import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StockSummary } from '../../../../domain/catalog/stock';
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

/** A supplier organisation that lists some of a brand's products. */
export type BrandSupplier = {
  organizationId: number;
  slug: string;
  name: string;
  branchCount: number;
  productCount: number;
};

export type BrandDetail = BrandSummary & { suppliers: BrandSupplier[]; products: ListPage<BrandProduct> };

export type SupplierBrandBranch = {
  id: number;
  slug: string;
  name: string;
  displayAddress: string | null;
  stateCode: string | null;
  productCount: number;
};

export type SupplierBrandProduct = Omit<BrandProduct, 'totalSuppliers'> & { stock: StockSummary };

/** A brand as one supplier carries it: its branches that list it and the products they list. */
export type SupplierBrandDetail = BrandSummary & {
  supplier: BrandSupplier;
  branches: SupplierBrandBranch[];
  products: ListPage<SupplierBrandProduct>;
};

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

export const supplierBrandQueryOptions = (
  organizationSlug: string,
  slug: string,
  page: number,
  perPage: number,
) =>
  queryOptions({
    queryKey: ['brands', slug, 'supplier', organizationSlug, { page, perPage }],
    queryFn: ({ signal }) =>
      apiRequest<SupplierBrandDetail>(
        `/api/v1/brands/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(slug)}`,
        { query: { page, perPage }, signal },
      ),
    placeholderData: keepPreviousData,
  });

/** A brand at one supplier and one page of the products it lists. */
export const useSupplierBrand = (organizationSlug: string, slug: string, page: number, perPage: number) =>
  useQuery(supplierBrandQueryOptions(organizationSlug, slug, page, perPage));

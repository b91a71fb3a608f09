import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

/**
 * A product image (part 2 §3 Image entry). Photos carry their id, supplier, branch and the day they
 * were taken; an image the catalogue came with has only its address.
 */
export type ProductImage = {
  id?: number;
  image: { url: string; small?: { url: string }; mini?: { url: string } };
  productName?: string;
  pathIdentifier?: string;
  supplierId?: number | null;
  supplierName?: string | null;
  branchName?: string | null;
  branchSlug?: string | null;
  pictureTakenOn?: string | null;
  updatedAt?: string | null;
  /** The caller may remove it (its supplier's users and staff). */
  canRemove?: boolean;
};

/** The product page's product (`GET /api/v1/products/{idOrPathIdentifier}`). */
export type Product = {
  id: number;
  pathIdentifier: string;
  primaryName: string;
  secondaryName: string | null;
  patentName: string | null;
  hardinessZones: string | null;
  restricted: boolean;
  description: string | null;
  group: { id: number; slug: string; name: string; groupType: string } | null;
  family: { id: number; slug: string; name: string } | null;
  categories: { id: number; slug: string; name: string }[];
  advantages: { id: number; slug: string; name: string }[];
  brand: { id: number; slug: string; name: string; logoUrl: string | null } | null;
  productImages: ProductImage[];
  variants: { id: number; size: string; characteristics: string[]; unit: string }[];
  synonyms: { name: string; kind: string }[];
  totalSuppliers: number;
  totalAvailable: number;
  ignoreQuantity: boolean;
  unavailable: boolean;
  stockState: 'Limited Supply' | 'In Stock' | 'Currently Out of Stock';
};

export const productQueryOptions = (pathIdentifier: string) =>
  queryOptions({
    queryKey: ['products', pathIdentifier],
    queryFn: ({ signal }) =>
      apiRequest<Product>(`/api/v1/products/${encodeURIComponent(pathIdentifier)}`, { signal }),
  });

export const useProduct = (pathIdentifier: string) => useQuery(productQueryOptions(pathIdentifier));

import type { SupplierSort } from '../../../domain/catalog/supplier-queries';

export type SupplierDirectoryFilter = {
  query?: string;
  state?: string;
  near?: { latitude: number; longitude: number; radiusMiles: number | null };
  sort: SupplierSort;
  page: number;
  perPage: number;
};

export type SupplierDirectoryRow = {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  slug: string;
  display_address: string | null;
  logo_url: string | null;
  latitude: number | null;
  longitude: number | null;
  sells_online: boolean;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  distance: number | null;
  product_count: number;
};

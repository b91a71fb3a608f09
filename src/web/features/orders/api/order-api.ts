import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** GET /api/v1/orders/{id}: the order as this viewer (buyer, supplier or admin) sees it. */
export type OrderDetail = components['schemas']['Order'];
export type OrderAudience = OrderDetail['audience'];
/** A line: buyers (and admins) get BuyerOrderLine with their prices, suppliers SupplierOrderLine. */
export type OrderItemDetail = OrderDetail['items'][number];
export type OrderEventDetail = OrderDetail['events'][number];
/** One version of the order: what changed it and when (its purchase order stays downloadable). */
export type OrderVersionDetail = OrderDetail['versions'][number];

/** GET /api/v1/orders/{id}/parties: who the order is between, and the names behind its events. */
export type OrderParties = components['schemas']['OrderParties'];

/**
 * A line read without knowing the side: every price field of both sides' lines, each possibly
 * missing (buyers and admins get `price`, `total`, `bookPrice`; suppliers `totalSupplierPrice`).
 * Either line is assignable to it, so `const line: AnyOrderLine = item` needs no cast.
 */
export type AnyOrderLine = OrderItemDetail &
  Partial<components['schemas']['BuyerOrderLine'] & components['schemas']['SupplierOrderLine']>;

export const orderKeys = {
  detail: (id: number) => ['orders', 'detail', id] as const,
  parties: (id: number) => ['orders', 'detail', id, 'parties'] as const,
};

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => answerOf(api.GET('/api/v1/orders/{id}', { params: { path: { id } }, signal })),
  });

export const useOrder = (id: number | null) =>
  useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== null });

export const useOrderParties = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: orderKeys.parties(id ?? 0),
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/orders/{id}/parties', { params: { path: { id: id ?? 0 } }, signal })),
    enabled: enabled && id !== null,
  });

export type OrderDocumentType = 'purchase_order' | 'bill_of_lading';
export const orderDocumentTypes = [
  'purchase_order',
  'bill_of_lading',
] as const satisfies readonly OrderDocumentType[];

/** The API address of an order document (fetched with the token by downloadFile); one version's with `version`. */
export const orderDocumentApiPath = (id: number, type: OrderDocumentType, version?: number) =>
  `/api/v1/orders/${id}/documents/${type}.pdf${version === undefined ? '' : `?version=${version}`}`;

/** The order's invoice for its buyer (null until it is invoiced). */
export type OrderInvoice = components['schemas']['Invoice'];

export const useOrderInvoice = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['orders', 'detail', id, 'invoice'] as const,
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/v1/orders/{id}/invoice', { params: { path: { id } }, signal })),
    enabled,
  });

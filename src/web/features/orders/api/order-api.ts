import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryAddress } from '../../../../domain/carts/cart-view';
import type { BadgeColor, OrderState } from '../../../../domain/orders/order-states';
import { apiRequest } from '../../../api/client';

export type OrderAudience = 'buyer' | 'supplier' | 'admin';

export type OrderItemDetail = {
  id: number;
  position: number;
  primaryName: string;
  secondaryName: string | null;
  size: string | null;
  characteristics: string[];
  unit: string;
  quantity: number;
  /** Buyer and admin views. */
  price?: number | null;
  total?: number;
  /** Supplier view (and admins' supplierPrice). */
  supplierPrice?: number | null;
  totalSupplierPrice?: number;
  buyerNotes: string | null;
  sharedNotes: string | null;
};

export type OrderEventDetail = {
  id: number;
  name: string;
  fromState: string | null;
  toState: string | null;
  userId: number | null;
  createdAt: string;
  version?: number;
  /** Staff's reason (admins only). */
  reason?: string | null;
};

/** One version of the order: what changed it and when (its purchase order stays downloadable). */
export type OrderVersionDetail = { version: number; reason: string; createdAt: string };

/** GET /api/v1/orders/{id}: the order as this viewer sees it. */
export type OrderDetail = {
  id: number;
  orderNumber: string;
  name: string;
  state: OrderState;
  displayState: { label: string; color: BadgeColor };
  version: number;
  cartId: number | null;
  branchId: number;
  jobNumber: string | null;
  jobPhase: string | null;
  pickup: boolean;
  fulfillment: 'pickup' | 'delivery';
  freightPending?: boolean;
  requestedOn: string | null;
  deliveryAddress: DeliveryAddress | null;
  deliveryInstructions: string | null;
  buyerToSupplierNotes: string | null;
  submittedAt: string;
  audience: OrderAudience;
  /** Set while staff keep the order out of the lists; the reason only for admins. */
  deactivated: { at: string; reason: string | null } | null;
  versions: OrderVersionDetail[];
  amounts: Partial<
    Record<'originalSubtotal' | 'discountAmount' | 'subtotal' | 'taxes' | 'shipping' | 'total', number | null>
  >;
  total: number;
  items: OrderItemDetail[];
  events: OrderEventDetail[];
  expectedOn: string | null;
  proposals: {
    id: number;
    bailiwick: 'order_item' | 'fulfillment_date';
    proposedBySide: 'buyer' | 'supplier';
    state: 'pending' | 'accepted' | 'rejected';
  }[];
  /** What the viewer may do now (the server refuses the rest). */
  permissions: {
    respond: boolean;
    decideProposalIds: number[];
    proposeDateChange: boolean;
    fulfill: boolean;
  };
};

/** GET /api/v1/orders/{id}/parties: who the order is between, and the names behind its events. */
export type OrderParties = {
  buyerOrganizationName: string;
  buyerFullName: string;
  buyerEmail: string;
  buyerPhone: string | null;
  supplierOrganizationName: string;
  branchName: string;
  branchAddress: string[];
  branchPhone: string | null;
  userNames: Record<string, string>;
};

export const orderKeys = {
  detail: (id: number) => ['orders', 'detail', id] as const,
  parties: (id: number) => ['orders', 'detail', id, 'parties'] as const,
};

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<OrderDetail>(`/api/v1/orders/${id}`, { signal }),
  });

export const useOrder = (id: number | null) =>
  useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== null });

export const useOrderParties = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: orderKeys.parties(id ?? 0),
    queryFn: ({ signal }) => apiRequest<OrderParties>(`/api/v1/orders/${id}/parties`, { signal }),
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

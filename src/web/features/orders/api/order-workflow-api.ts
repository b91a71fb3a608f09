import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddress } from '../../../../domain/carts/cart-view';
import type {
  BuyerDateChangeInput,
  PriceChangeReason,
  RespondedWith,
  RespondInput,
} from '../../../../domain/orders/order-responses';
import type { BadgeColor, OrderState } from '../../../../domain/orders/order-states';
import { apiRequest } from '../../../api/client';

/** The query key of one order; the order page and these flows share it. */
export const workflowOrderKey = (id: number) => ['orders', 'detail', id] as const;

export type WorkflowItem = {
  id: number;
  position: number;
  primaryName: string;
  secondaryName: string | null;
  size: string | null;
  characteristics: string[];
  unit: string;
  quantity: number;
  price?: number | null;
  bookPrice?: number | null;
  priceCategory?: string | null;
  total?: number;
  supplierPrice?: number | null;
  totalSupplierPrice?: number;
};

export type OrderResponseView = {
  version: number;
  respondedWith: RespondedWith;
  shippingMode: string | null;
  shippingAmount: number | null;
  shippingNotes: string | null;
  reason: string | null;
  comment: string | null;
  respondedAt: string;
};

/** One side of an item change: buyers get `price` (theirs), suppliers and staff `supplierPrice`. */
export type ItemSummary = {
  primaryName: string;
  size: string | null;
  quantity: number;
  supplierPrice?: number | null;
  price?: number | null;
};

export type ItemProposalBody = {
  current: ItemSummary;
  proposed: ItemSummary;
  changes: (keyof ItemSummary)[];
  reason: string;
  priceReason: PriceChangeReason | null;
  comment: string | null;
};

export type DateProposalBody = {
  current: string | null;
  proposed: string;
  reason: string;
  comment: string | null;
};

export type OrderProposal = {
  id: number;
  version: number;
  bailiwick: 'order_item' | 'fulfillment_date';
  proposedBySide: 'buyer' | 'supplier';
  orderItemId: number | null;
  proposal: ItemProposalBody | DateProposalBody;
  state: 'pending' | 'accepted' | 'rejected';
  createdAt: string;
  decidedAt: string | null;
  decisionComment: string | null;
};

/** GET /api/v1/orders/{id}, the fields the respond and proposal flows read. */
export type WorkflowOrder = {
  id: number;
  orderNumber: string;
  name: string;
  state: OrderState;
  displayState: { label: string; color: BadgeColor };
  version: number;
  buyerOrganizationId: number;
  supplierOrganizationId: number;
  pickup: boolean;
  fulfillment: 'pickup' | 'delivery';
  requestedOn: string | null;
  expectedOn: string | null;
  deliveryAddress: DeliveryAddress | null;
  deliveryInstructions: string | null;
  buyerToSupplierNotes: string | null;
  audience: 'buyer' | 'supplier' | 'admin';
  total: number;
  items: WorkflowItem[];
  shippingMode: string | null;
  shippingAmount: number | null;
  shippingNotes: string | null;
  freightPending: boolean;
  responses: OrderResponseView[];
  currentSupplierPurchaseOrderResponse: OrderResponseView | null;
  proposals: OrderProposal[];
  permissions: {
    respond: boolean;
    decideProposalIds: number[];
    proposeDateChange: boolean;
    fulfill: boolean;
  };
};

/** Who the order is between (GET /api/v1/orders/{id}/parties), for the buyer's name. */
export type WorkflowParties = { buyerOrganizationName: string; buyerFullName: string; branchName: string };

export const useWorkflowOrder = (id: number | null) =>
  useQuery({
    queryKey: workflowOrderKey(id ?? 0),
    queryFn: ({ signal }) => apiRequest<WorkflowOrder>(`/api/v1/orders/${id}`, { signal }),
    enabled: id !== null,
  });

export const useWorkflowParties = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: [...workflowOrderKey(id ?? 0), 'parties'],
    queryFn: ({ signal }) => apiRequest<WorkflowParties>(`/api/v1/orders/${id}/parties`, { signal }),
    enabled: enabled && id !== null,
    retry: false,
  });

/** Stores the order a mutation answers and refreshes whatever else shows it (lists, parties). */
function useOrderMutation<TInput>(
  id: number,
  path: (input: TInput) => string,
  body: (input: TInput) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) =>
      apiRequest<WorkflowOrder>(path(input), { method: 'POST', body: body(input) }),
    onSuccess: (order) => {
      queryClient.setQueryData(workflowOrderKey(id), order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** POST /api/v1/orders/{id}/respond: the supplier's answer to the purchase order. */
export const useRespondToOrder = (id: number) =>
  useOrderMutation<RespondInput>(
    id,
    () => `/api/v1/orders/${id}/respond`,
    (input) => input,
  );

/** POST /api/v1/orders/{id}/proposals: the buyer proposes another date. */
export const useProposeDateChange = (id: number) =>
  useOrderMutation<BuyerDateChangeInput>(
    id,
    () => `/api/v1/orders/${id}/proposals`,
    (input) => input,
  );

export type DecideInput = { proposalId: number; accept: boolean; version: number; comment?: string | null };

/** POST /api/v1/orders/{id}/proposals/{proposalId}/accept|reject. */
export const useDecideProposal = (id: number) =>
  useOrderMutation<DecideInput>(
    id,
    (input) => `/api/v1/orders/${id}/proposals/${input.proposalId}/${input.accept ? 'accept' : 'reject'}`,
    (input) => ({ version: input.version, comment: input.comment || null }),
  );

/** POST /api/v1/orders/{id}/fulfill. */
export const useFulfillOrder = (id: number) =>
  useOrderMutation<{ version: number; fulfilledOn: string }>(
    id,
    () => `/api/v1/orders/${id}/fulfill`,
    (input) => input,
  );

/** A date-only value (YYYY-MM-DD) without a time-zone shift. */
export const formatDay = (day: string | null | undefined) =>
  day
    ? new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      })
    : 'Not set';

/** Dollars typed by a person ('12.5', '$1,200') as integer cents, or null when not a number. */
export const dollarsToCents = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  return Number.isFinite(number) && number >= 0 ? Math.round(number * 100) : null;
};

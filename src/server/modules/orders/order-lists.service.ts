import {
  buyerNeedsResponseStates,
  buyerOrderLabel,
  type OrderState,
  openStates,
  supplierNeedsResponseStates,
  supplierOrderLabel,
} from '../../../domain/orders/order-states';
import type { OrderListItem } from '../../../domain/orders/order-views';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import type { OrderListSortField, OrderListTab } from './order-lists.repository';
import * as repo from './order-lists.repository';

export const startAfterEndMessage = 'Start date must be before end date';

export type OrderListQuery = {
  tab: OrderListTab;
  orderType?: 'needs_response' | 'open';
  startDate?: string;
  endDate?: string;
  branchId?: number;
  query?: string;
  sort?: { field: OrderListSortField; direction: 'asc' | 'desc' };
  page: number;
  perPage: number;
};

const dayMs = 86_400_000;

function statesOf(tab: OrderListTab, orderType: OrderListQuery['orderType']) {
  if (orderType === 'open') return openStates;
  if (orderType === 'needs_response')
    return tab === 'supplier' ? supplierNeedsResponseStates : buyerNeedsResponseStates;
  return null;
}

/**
 * The Orders list (spec part 1 §2.1 parameters): the orders of the caller's organisation as buyer
 * (buyer tab) or as supplier (supplier tab, every branch of the organisation). Admins see what their
 * organisation sees here; a user without an organisation has no orders. Dates are whole UTC days.
 */
export async function listOrders(db: Executor, caller: Caller, input: OrderListQuery) {
  if (input.startDate && input.endDate && input.startDate > input.endDate) {
    throw new AppError('invalid_data', startAfterEndMessage, { fields: { startDate: startAfterEndMessage } });
  }
  const organizationId = caller.user.organizationId;
  if (organizationId === null) return listResponse<OrderListItem>([], 0, input.page, input.perPage);
  const rows = await repo.listOrders(db, {
    tab: input.tab,
    organizationId,
    states: statesOf(input.tab, input.orderType),
    submittedFrom: input.startDate ? new Date(`${input.startDate}T00:00:00Z`) : null,
    submittedUntil: input.endDate ? new Date(Date.parse(`${input.endDate}T00:00:00Z`) + dayMs) : null,
    branchId: input.branchId ?? null,
    search: input.query ? { query: input.query, ...(await repo.findNamedParties(db, input.query)) } : null,
    sort: input.sort ?? { field: 'submittedAt', direction: 'desc' },
    page: input.page,
    perPage: input.perPage,
  });
  const label = input.tab === 'supplier' ? supplierOrderLabel : buyerOrderLabel;
  const results = rows
    .filter((row) => row.id !== null)
    .map(
      (row): OrderListItem => ({
        id: row.id,
        orderNumber: row.order_number,
        name: row.name,
        state: row.state,
        displayState: label(row.state as OrderState),
        fulfillment: row.fulfillment === 'delivery' ? 'delivery' : 'pickup',
        requestedOn: row.requested_on,
        submittedAt: new Date(row.submitted_at).toISOString(),
        total: row.total,
        itemsCount: row.items_count,
        branch: { id: row.branch_id, name: row.branch_name, slug: row.branch_slug },
        buyerOrganization: { id: row.buyer_organization_id, name: row.buyer_organization_name },
        buyer: { id: row.user_id, fullName: row.user_full_name },
        jobNumber: row.job_number,
      }),
    );
  return listResponse(results, rows[0]?.total_count ?? 0, input.page, input.perPage);
}

/** Orders waiting for the caller's organisation, as buyer and as supplier (dashboard and header alerts). */
export async function needsResponseCounts(db: Executor, caller: Caller) {
  const organizationId = caller.user.organizationId;
  if (organizationId === null) return { buyerNeedsResponse: 0, supplierNeedsResponse: 0 };
  const counts = await repo.countNeedsResponse(
    db,
    organizationId,
    buyerNeedsResponseStates,
    supplierNeedsResponseStates,
  );
  return { buyerNeedsResponse: counts.buyer, supplierNeedsResponse: counts.supplier };
}

/** Distinct order names of one tab, for the list's name filter (at most 50). */
export async function orderNames(db: Executor, caller: Caller, tab: OrderListTab, query?: string) {
  const organizationId = caller.user.organizationId;
  if (organizationId === null) return { results: [] as string[] };
  return { results: await repo.listOrderNames(db, tab, organizationId, query || null) };
}

/** The buyer organisations that ordered from the caller's branches (supplier side filter). */
export async function buyerOrganizations(db: Executor, caller: Caller) {
  const organizationId = caller.user.organizationId;
  if (organizationId === null) return { results: [] as { id: number; name: string }[] };
  return { results: await repo.listBuyerOrganizations(db, organizationId) };
}

/** The caller's organisation's branches, for the supplier tab's branch filter. */
export async function ownBranches(db: Executor, caller: Caller) {
  const organizationId = caller.user.organizationId;
  return { results: organizationId === null ? [] : await repo.listOwnBranches(db, organizationId) };
}

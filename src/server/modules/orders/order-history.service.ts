import {
  buyerNeedsResponseStates,
  buyerOrderLabel,
  type OrderState,
  openStates,
  supplierNeedsResponseStates,
  supplierOrderLabel,
} from '../../../domain/orders/order-states';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import * as orderBranches from '../../read-models/order-branches';
import * as repo from './orders.repository';

export const noOrganizationMessage = 'Join or create a company to see its orders.';
export const onlyBuyerReordersMessage = "Only the buyer's company can reorder this order.";
export const nothingToReorderMessage =
  'None of the items of this order can be ordered from this supplier now.';

function organizationOf(caller: Caller) {
  const organizationId = caller.user.organizationId;
  if (organizationId === null)
    throw new AppError('forbidden', noOrganizationMessage, { code: 'no_organization' });
  return organizationId;
}

/**
 * The caller's company's orders with one supplier (a whole supplier organisation or one branch),
 * newest submitted first: what the buyer ordered there before (spec part 3 §7.2 supplier_order_history).
 */
export async function supplierOrderHistory(
  db: Executor,
  caller: Caller,
  query: { supplierOrganizationId?: number; branchId?: number; page: number; perPage: number },
) {
  const rows = await orderBranches.listSupplierHistory(db, {
    buyerOrganizationId: organizationOf(caller),
    supplierOrganizationId: query.supplierOrganizationId ?? null,
    branchId: query.branchId ?? null,
    page: query.page,
    perPage: query.perPage,
  });
  const results = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      name: row.name,
      state: row.state,
      displayState: buyerOrderLabel(row.state as OrderState),
      submittedAt: new Date(row.submitted_at).toISOString(),
      fulfilledOn: row.fulfilled_on,
      total: row.total,
      itemsCount: row.items_count,
      branchId: row.branch_id,
      branchName: row.branch_name,
    }));
  return listResponse(results, rows[0]?.total_count ?? 0, query.page, query.perPage);
}

/**
 * How many of the caller's company's active orders there are on one side, in total, open, waiting
 * for it, and by the label that side sees (spec part 3 §7.2 order stats).
 */
export async function orderStats(db: Executor, caller: Caller, tab: 'buyer' | 'supplier') {
  const rows = await repo.countOrdersByState(db, tab, organizationOf(caller));
  const needsResponse = tab === 'buyer' ? buyerNeedsResponseStates : supplierNeedsResponseStates;
  const byState: Partial<Record<OrderState, number>> = {};
  const byLabel: Record<string, number> = {};
  let totalCount = 0;
  for (const row of rows) {
    const state = row.state as OrderState;
    byState[state] = row.count;
    totalCount += row.count;
    const { label } = tab === 'buyer' ? buyerOrderLabel(state) : supplierOrderLabel(state);
    byLabel[label] = (byLabel[label] ?? 0) + row.count;
  }
  const sum = (states: readonly OrderState[]) =>
    states.reduce((total, state) => total + (byState[state] ?? 0), 0);
  return {
    tab,
    totalCount,
    open: sum(openStates),
    needsResponse: sum(needsResponse),
    byState,
    byLabel,
  };
}

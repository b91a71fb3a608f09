import type { ImportListView } from './hubsheets/hubsheet-types';
import type { OrderState } from './orders/order-states';

/**
 * The error answer every failed API call sends: a message for the person, a code for the program,
 * `fields` with one message per field (nothing else), and `details` typed by `code`.
 */
export type ErrorAnswer = {
  message: string;
  code: string;
  fields?: Record<string, string>;
  details?: ErrorDetails;
};

/** An order as it is now, sent with a conflict so staff and suppliers decide again on what they see. */
export type OrderNow = { state: OrderState; version: number; deactivated: boolean };

/** The `details` of an error answer, by its `code`; codes not listed carry none. */
export type ErrorDetailsByCode = {
  /** Another write reached the record first; for an order, the order as it is now. */
  stale_version: { order?: OrderNow };
  /** Staff moved an order that someone had moved first. */
  state_changed: { order: OrderNow };
  already_deactivated: { order: OrderNow };
  not_deactivated: { order: OrderNow };
  /** An uploaded list whose columns could not all be recognised: the list, to map them by hand. */
  required_headers_missing: { importList: ImportListView };
  /** A hubsheet's lines were sent to a cart and none was added: why, per line. */
  nothing_added: { skipped: { listItemId: number; reason: string }[] };
  /** Tests only: the answer broke its declared schema (src/server/http/contract.ts). */
  internal: { contract?: string };
};

export type ErrorCodeWithDetails = keyof ErrorDetailsByCode;
export type ErrorDetails = ErrorDetailsByCode[ErrorCodeWithDetails];

/** The details of an error answer when its code is `code`, typed; null for any other code. */
export function errorDetailsOf<C extends ErrorCodeWithDetails>(
  error: { code: string | null; details?: unknown },
  code: C,
): ErrorDetailsByCode[C] | null {
  if (error.code !== code || typeof error.details !== 'object' || error.details === null) return null;
  return error.details as ErrorDetailsByCode[C];
}

/** The order as it is now, from any order conflict's details; null when the answer has none. */
export function orderNowOf(error: { code: string | null; details?: unknown }): OrderNow | null {
  const details = error.details as { order?: OrderNow } | null | undefined;
  return details?.order ?? null;
}

import { dollarsToCents, type WorkflowItem } from '../api/order-workflow-api';

/** The three answers a supplier gives a purchase order. */
export type Choice = 'confirm' | 'changes' | 'reject';
/** Who delivers a confirmed delivery order. */
export type ShippingChoice = 'supplier' | 'platform';

/** One item's change as the supplier types it (numbers stay text until sent). */
export type ItemDraft = {
  quantity: number | string;
  size: string;
  substituteName: string;
  price: number | string;
  priceReason: string | null;
  reason: string | null;
  comment: string;
};
/** A different date, its reason and comment. */
export type DateDraft = { proposedOn: string; reason: string | null; comment: string };

export const emptyItem: ItemDraft = {
  quantity: '',
  size: '',
  substituteName: '',
  price: '',
  priceReason: null,
  reason: null,
  comment: '',
};

/** The item change a draft describes, or null when it changes nothing. */
export function itemChangeOf(item: WorkflowItem, draft: ItemDraft | undefined) {
  if (!draft) return null;
  const quantity = draft.quantity === '' ? null : Number(draft.quantity);
  const size = draft.size.trim();
  const substituteName = draft.substituteName.trim();
  const price = dollarsToCents(draft.price);
  const changed =
    (quantity !== null && quantity !== item.quantity) ||
    (size !== '' && size !== (item.size ?? '')) ||
    (substituteName !== '' && substituteName !== item.primaryName) ||
    (price !== null && price !== (item.supplierPrice ?? null));
  if (!changed) return null;
  return {
    orderItemId: item.id,
    quantity: quantity !== null && quantity !== item.quantity ? quantity : null,
    size: size && size !== (item.size ?? '') ? size : null,
    substituteName: substituteName && substituteName !== item.primaryName ? substituteName : null,
    price: price !== null && price !== (item.supplierPrice ?? null) ? price : null,
    priceReason: price !== null && price !== (item.supplierPrice ?? null) ? draft.priceReason : null,
    reason: draft.reason,
    comment: draft.comment.trim() || null,
  };
}

export type ItemChange = NonNullable<ReturnType<typeof itemChangeOf>>;

/** A cart's life (spec part 2 §4): built as a draft, checked out for review, then submitted. */
export const cartStates = ['draft', 'in_review', 'submitted'] as const;
export type CartState = (typeof cartStates)[number];

/** Carts in draft or in_review are open drafts: they can still be edited, checked out and submitted. */
export const isOpenDraft = (state: CartState) => state === 'draft' || state === 'in_review';

export const cartStateLabels: Record<CartState, string> = {
  draft: 'Draft',
  in_review: 'In Review',
  submitted: 'Submitted',
};

/** How a cart's items reach the buyer, chosen per supplier branch at checkout. */
export const fulfillmentTypes = ['pickup', 'delivery'] as const;
export type FulfillmentType = (typeof fulfillmentTypes)[number];

export const fulfillmentLabels: Record<FulfillmentType, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
};

import { z } from 'zod';
import { calendarDateSchema } from '../calendar-date';
import { maxQuantity, quantityTooLargeMessage } from '../carts/quantity';
import { amountTooLargeMessage, maxCents } from '../money';
import { versionSchema } from '../record-ids';

/** How a supplier answers a purchase order (spec part 3 §4.3; LH is the platform). */
export const respondedWithValues = [
  'confirm_order',
  'confirm_with_shipping',
  'confirm_with_platform_shipping',
  'reject_order',
  'changes_requested',
] as const;
export type RespondedWith = (typeof respondedWithValues)[number];

export const shippingModes = ['pickup', 'supplier_ship', 'platform_ship'] as const;
export type ShippingMode = (typeof shippingModes)[number];

const labelled = <T extends string>(entries: Record<T, string>) =>
  Object.entries(entries).map(([value, label]) => ({ value: value as T, label: label as string }));

/** Why a supplier changes an order or rejects it (spec part 3 §9). */
export const supplierChangeReasons = labelled({
  inventory_issue: 'Inventory issue',
  quality_concern: 'Quality concern',
  timing_issues: 'Timing issues',
  price_correction: 'Price correction',
  fee_or_charge_needed: 'Fee or charge needed',
  buyer_asked_for_change: 'Buyer asked for a change',
  need_to_cancel: 'Need to cancel',
  other: 'Other',
});

/** Why a supplier proposes another date. */
export const supplierDateChangeReasons = labelled({
  item_not_ready: 'Item not ready',
  logistics_issue: 'Logistics issue',
  customer_date_change: 'Customer date change',
  confirming_date: 'Confirming date',
  other: 'Other',
});

/** Why a buyer proposes another date. */
export const buyerDateChangeReasons = labelled({
  job_site_delay: 'Job site delay',
  logistics_issue: 'Logistics issue',
  confirmed_date: 'Confirmed date',
  other: 'Other',
});

/** Why a buyer contacts the supplier about an order (spec part 3 §9). */
export const buyerContactReasons = labelled({
  question: 'Question',
  add_remove_items: 'Add or remove items',
  need_to_cancel: 'Need to cancel',
  timing_issues: 'Timing issues',
  other: 'Other',
});

/** The label beside a changed price (spec part 3 §2.3). */
export const itemChangeReasonLabels = {
  missing_discount: '(Edited - missing discount)',
  outdated_price: '(Edited - outdated pricing)',
  confirmed: '(Confirmed)',
} as const;
export type PriceChangeReason = keyof typeof itemChangeReasonLabels;

const values = <T extends string>(list: readonly { value: T }[]) =>
  list.map((entry) => entry.value) as [T, ...T[]];

export const nothingChangedMessage =
  'Propose at least one change: a new quantity, size, substitute, price or date.';
export const shippingAmountRequiredMessage = 'Enter the shipping amount';
export const rejectReasonRequiredMessage = 'Choose why you are rejecting this order';
export const commentTooLongMessage = 'Limit comment to 2000 characters';
/** A supplier's new price says why (spec part 3 §2.3 reason labels). */
export const priceReasonRequiredMessage = 'Choose why the price changed';

const comment = z.string().trim().max(2000, { error: commentTooLongMessage }).nullish();
const isoDay = calendarDateSchema();
const version = versionSchema();

/** One item change the supplier proposes; unset fields stay as they are. */
export const itemChangeSchema = z.object({
  orderItemId: z.number().int().positive(),
  quantity: z
    .number()
    .positive({ error: 'Quantity must be more than 0' })
    .max(maxQuantity, { error: quantityTooLargeMessage })
    .nullish(),
  size: z.string().trim().max(60).nullish(),
  substituteName: z.string().trim().max(200).nullish(),
  price: z.number().int().min(0).max(maxCents, { error: amountTooLargeMessage }).nullish(),
  priceReason: z.enum(['missing_discount', 'outdated_price', 'confirmed']).nullish(),
  reason: z.enum(values(supplierChangeReasons), { error: 'Choose a reason for this change' }),
  comment,
});

export const dateChangeSchema = (reasons: readonly { value: string }[]) =>
  z.object({
    proposedOn: isoDay,
    reason: z.enum(values(reasons as { value: string }[]), { error: 'Choose a reason for the new date' }),
    comment,
  });

/** The supplier's answer to one version of a purchase order (`POST /api/v1/orders/{id}/respond`). */
export const respondSchema = z
  .object({
    version,
    respondedWith: z.enum(respondedWithValues),
    shippingMode: z.enum(shippingModes).nullish(),
    shippingAmount: z.number().int().min(0).max(maxCents, { error: amountTooLargeMessage }).nullish(),
    shippingNotes: z.string().trim().max(1000).nullish(),
    rejectReason: z.enum(values(supplierChangeReasons)).nullish(),
    changes: z
      .object({
        items: z.array(itemChangeSchema).max(500).default([]),
        date: dateChangeSchema(supplierDateChangeReasons).nullish(),
      })
      .nullish(),
    comment,
  })
  .superRefine((value, context) => {
    if (value.respondedWith === 'confirm_with_shipping' && (value.shippingAmount ?? null) === null) {
      context.addIssue({ code: 'custom', path: ['shippingAmount'], message: shippingAmountRequiredMessage });
    }
    if (value.respondedWith === 'reject_order' && !value.rejectReason) {
      context.addIssue({ code: 'custom', path: ['rejectReason'], message: rejectReasonRequiredMessage });
    }
    if (
      value.respondedWith === 'changes_requested' &&
      !value.changes?.date &&
      (value.changes?.items.length ?? 0) === 0
    ) {
      context.addIssue({ code: 'custom', path: ['changes'], message: nothingChangedMessage });
    }
  });
export type RespondInput = z.input<typeof respondSchema>;

/** A buyer's date change (`POST /api/v1/orders/{id}/proposals`). */
export const buyerDateChangeSchema = dateChangeSchema(buyerDateChangeReasons).extend({ version });
export type BuyerDateChangeInput = z.input<typeof buyerDateChangeSchema>;

/** Accepting or rejecting a proposal answers the order version the decider saw. */
export const decideProposalSchema = z.object({ version, comment });

/**
 * Marking an order fulfilled on a day. Before the day the buyer asked for, the supplier confirms it was
 * really fulfilled early (`confirmEarly: true`); without it the API answers 422 (code early_fulfilment).
 */
export const fulfillSchema = z.object({ version, fulfilledOn: isoDay, confirmEarly: z.boolean().optional() });

/** Why an early fulfilment without confirmation is refused; `requestedOn` as the page writes it. */
export const earlyFulfilmentMessage = (requestedOn: string) =>
  `The buyer asked for this order on ${requestedOn}. Confirm that it was fulfilled before that day.`;

export const contactMessageRequiredMessage = 'Enter a message for this order';
export const contactReasonRequiredMessage = 'Choose why you are contacting the supplier';

/** The buyer contacts the supplier about an order (`POST /api/v1/orders/{id}/contact`). */
export const contactSupplierSchema = z.object({
  reason: z.enum(values(buyerContactReasons), { error: contactReasonRequiredMessage }),
  message: z
    .string({ error: contactMessageRequiredMessage })
    .trim()
    .min(1, { error: contactMessageRequiredMessage })
    .max(2000, { error: commentTooLongMessage }),
});
export type ContactSupplierInput = z.input<typeof contactSupplierSchema>;

import { z } from 'zod';
import { orderAmountsSchema } from '../orders/order-amounts';
import { recordIdParam, recordIdSchema } from '../record-ids';
import { invoicePageSize, invoiceStatuses } from './invoice-states';

/** One invoice as the buyer's dashboard and the API show it (spec part 3 §3 Invoice). */
export const invoiceSchema = z
  .object({
    id: z.number(),
    invoiceNumber: z.string(),
    paymentStatus: z.enum(invoiceStatuses),
    statusLabel: z.string(),
    partiallyPaid: z.boolean(),
    pastDue: z.boolean(),
    amountPaid: z.number(),
    additionalCcFeesPaid: z.number(),
    creditedAmount: z.number(),
    amountDue: z.number(),
    total: z.number(),
    dueDate: z.string(),
    terms: z.string(),
    createdAt: z.string(),
    lastPaymentAt: z.string().nullable(),
    invoicePdfUrl: z.string(),
    order: z.object({ id: z.number(), name: z.string(), orderNumber: z.string() }),
  })
  .meta({ id: 'Invoice' });
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const invoiceDetailSchema = invoiceSchema
  .extend({
    amounts: orderAmountsSchema,
    adjustments: z.array(z.object({ label: z.string(), amount: z.number() })),
    creditMemos: z.array(
      z.object({ id: z.number(), memoNumber: z.string(), amount: z.number(), reason: z.string() }),
    ),
  })
  .meta({ id: 'InvoiceDetail' });
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceSortFields = ['dueDate', 'issuedDate', 'invoiceNumber', 'amountDue'] as const;
export type InvoiceSortField = (typeof invoiceSortFields)[number];
export const invoiceSortLabels: Record<InvoiceSortField, string> = {
  dueDate: 'Due date',
  issuedDate: 'Issued date',
  invoiceNumber: 'Invoice number',
  amountDue: 'Amount due',
};
/** Part 3 §9: open tab by due date ascending, paid tab by issued date descending. */
export const defaultInvoiceSort = { open: 'dueDate|asc', paid: 'issuedDate|desc' } as const;

const sortPattern = new RegExp(`^(${invoiceSortFields.join('|')})\\|(asc|desc)$`);

export const invoiceListQuerySchema = z.object({
  status: z.enum(['open', 'paid'], { error: 'Choose open or paid invoices' }).default('open'),
  query: z.string().trim().max(200, { error: 'Limit query to 200 characters' }).optional(),
  sort: z
    .string()
    .regex(sortPattern, { error: `Sort by ${invoiceSortFields.join(', ')} with |asc or |desc` })
    .optional(),
  page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, { error: 'perPage must be 100 or less' })
    .default(invoicePageSize),
});

export const invoiceListSchema = z
  .object({
    results: z.array(invoiceSchema),
    totalCount: z.number(),
    currentPage: z.number(),
    totalPages: z.number(),
    /** Counts for the tabs and what 'Pay Full Balance' pays (payable invoices only). */
    openCount: z.number(),
    paidCount: z.number(),
    balance: z.number(),
    payableCount: z.number(),
  })
  .meta({ id: 'InvoiceList' });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceIdsQuerySchema = z.object({
  invoiceIds: z
    .array(recordIdParam('Choose an invoice'))
    .min(1, { error: 'Choose at least one invoice' })
    .max(200, { error: 'Choose at most 200 invoices' }),
});

export const balanceIdsSchema = z.object({ invoiceIds: z.array(z.number()), balance: z.number() });

// Staff: price adjustments and credit memos.
export const adjustmentReasonMessage = 'Give a reason for the adjustment';
export const priceAdjustmentBodySchema = z.object({
  amount: z
    .number({ error: 'Enter an amount in cents' })
    .int({ error: 'Enter an amount in cents' })
    .refine((value) => value !== 0, { error: 'Enter an amount other than zero' })
    .refine((value) => Math.abs(value) <= 1_000_000_000, {
      error: 'Enter an amount of $10,000,000.00 or less',
    }),
  reason: z
    .string()
    .trim()
    .min(1, { error: adjustmentReasonMessage })
    .max(500, { error: 'Limit reason to 500 characters' }),
});
export const priceAdjustmentSchema = z
  .object({
    id: z.number(),
    orderId: z.number(),
    amount: z.number(),
    reason: z.string(),
    invoiced: z.boolean(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'PriceAdjustment' });

export const creditMemoBodySchema = z.object({
  amount: z
    .number({ error: 'Enter an amount in cents' })
    .int({ error: 'Enter an amount in cents' })
    .min(1, { error: 'Enter an amount above zero' }),
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Give a reason for the credit' })
    .max(500, { error: 'Limit reason to 500 characters' }),
});
export const creditMemoSchema = z
  .object({
    id: z.number(),
    memoNumber: z.string(),
    invoiceId: z.number(),
    amount: z.number(),
    reason: z.string(),
    createdAt: z.string(),
    invoice: invoiceSchema,
  })
  .meta({ id: 'CreditMemo' });

export const invoiceIdSchema = recordIdSchema('Choose an invoice');

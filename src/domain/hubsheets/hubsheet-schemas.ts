import { z } from 'zod';
import { nullableTextSchema, requiredTextSchema } from '../accounts/address-schema';
import { postalCodeInvalidMessage } from '../accounts/messages';
import { isValidPostalCode, normalizePostalCode } from '../accounts/postal-code';
import { calendarDateSchema } from '../calendar-date';
import { maxDecimalAmount } from '../money';
import { recordIdSchema, versionSchema } from '../record-ids';
import { hubsheetStatuses } from './hubsheet-types';

/** Part 2 §5: the wizard's and the hubsheet edit form's messages. */
export const wizardNameRequiredMessage = 'You can change this later, but we need this to get started.';
export const hubsheetNameRequiredMessage = 'A working name for this hubsheet is required';
export const hubsheetNameTooLongMessage = 'Limit name to 120 characters';
export const hubsheetPostalCodeRequiredMessage = 'Postal code is required';
export const importFileRequiredMessage = 'There May be a Problem with Your File';
export const jobDatePastMessage = 'Choose today or a later date';
export const productNameRequiredMessage = 'Product name is required.';
export const sizeRequiredMessage = 'Size is required.';
export const quantityColumnRequiredMessage = 'Quantity is required.';
export const oneTypePerColumnMessage = 'A column can hold only one type of information';
export const requiredHeadersMissingMessage = 'Required headers are missing';
export const noHeadersMessage = 'This file does not seem to have column headers in the first row';
export const notSpreadsheetMessage =
  'Error: File is not a CSV format. Use our file converter for images or pdfs.';
export const mappingBannerMessage =
  "Assign ... to a row to proceed. If your file does not include this data, you'll need to edit the file or contact support";
export const listItemTextRequiredMessage = 'Enter the product as written in your list';

/** Radius choices in miles (null: any distance), as the supplier search offers them. */
export const radiusOptions = [10, 25, 50, 100, 150, 200, 250] as const;
export const defaultRadius = 100;

const idSchema = recordIdSchema();

const postalCodeSchema = requiredTextSchema(hubsheetPostalCodeRequiredMessage)
  .refine((value) => value === '' || isValidPostalCode(value), { error: postalCodeInvalidMessage })
  .overwrite(normalizePostalCode);

const radiusSchema = z
  .number({ error: 'Choose a radius' })
  .int({ error: 'Choose a radius' })
  .min(1, { error: 'Choose a radius' })
  .max(1000, { error: 'Choose a radius of 1,000 miles or less' })
  .nullish()
  .transform((value) => value ?? null);

const isoDaySchema = calendarDateSchema();

/**
 * The job date: optional, never before `today` (the user's day). Without `today` only the form is
 * checked: the shape the API declares, whose route then checks the day against the caller's.
 */
const jobDateSchema = (today?: string) =>
  isoDaySchema
    .refine((day) => today === undefined || day >= today, { error: jobDatePastMessage })
    .nullish()
    .transform((value) => value ?? null);

const nameSchema = (requiredMessage: string) =>
  requiredTextSchema(requiredMessage).max(120, { error: hubsheetNameTooLongMessage });

/**
 * A new hubsheet from the wizard (with the uploaded list) or from scratch (without importListId);
 * `today` is the user's day for the job date rule (left out, the rule waits for the route).
 */
export function createHubsheetSchema(today?: string) {
  return z.object({
    name: nameSchema(wizardNameRequiredMessage),
    postalCode: postalCodeSchema,
    importListId: idSchema.nullish().transform((value) => value ?? null),
    radiusRestriction: radiusSchema,
    jobDate: jobDateSchema(today),
  });
}
export type CreateHubsheetInput = z.input<ReturnType<typeof createHubsheetSchema>>;

const moneyPattern = /^\d{1,10}(\.\d{1,2})?$/;
/** An amount typed as a number or a decimal string; blank or null clears it. Answers a decimal string. */
const optionalAmountSchema = (message: string) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((value, context) => {
      if (value === null || value === undefined || value === '') return null;
      const text = typeof value === 'number' ? String(value) : value.replace(/^\$\s*/, '').replace(/,/g, '');
      const inRange = typeof value === 'number' && value >= 0 && value <= maxDecimalAmount;
      if (!moneyPattern.test(text) && !inRange) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text).toFixed(2);
    });

/** The hubsheet header's edits (name, postal code, status, logistics rate, radius, date); `version` guards against a stale page. */
export function updateHubsheetSchema(today?: string) {
  return z.object({
    version: versionSchema().optional(),
    name: nameSchema(hubsheetNameRequiredMessage).optional(),
    postalCode: postalCodeSchema.optional(),
    status: z
      .enum(hubsheetStatuses, { error: 'Choose In Progress, Ready to Bid or Ready to Order' })
      .optional(),
    logisticsRate: optionalAmountSchema('Enter the logistics rate as an amount, such as 1.25').optional(),
    radiusRestriction: radiusSchema.optional(),
    jobDate: jobDateSchema(today).optional(),
  });
}
export type UpdateHubsheetInput = z.input<ReturnType<typeof updateHubsheetSchema>>;

const columnIndex = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message });
const optionalColumnIndex = z
  .number()
  .int()
  .min(0)
  .nullish()
  .transform((value) => value ?? null);

/**
 * The mapping step: which column holds what. Product name and quantity are required; a null
 * containerIndex means the size is part of the product text. A column holds one type only ('Other'
 * may repeat), except a column of quantity and size together ('25 #5'), both quantity and size.
 */
export const importMappingSchema = z
  .object({
    productNameIndex: columnIndex(productNameRequiredMessage),
    containerIndex: optionalColumnIndex,
    quantityIndex: columnIndex(quantityColumnRequiredMessage),
    budgetedPriceIndex: optionalColumnIndex,
    otherIndexes: z.array(z.number().int().min(0)).max(200).optional(),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    for (const field of [
      'productNameIndex',
      'containerIndex',
      'quantityIndex',
      'budgetedPriceIndex',
    ] as const) {
      const index = value[field];
      if (index === null) continue;
      // A 'Qty & Size' column ('25 #5') may be both the quantity and the size.
      if (field === 'quantityIndex' && index === value.containerIndex) continue;
      if (seen.has(index))
        context.addIssue({ code: 'custom', path: [field], message: oneTypePerColumnMessage });
      seen.add(index);
    }
    if (value.otherIndexes?.some((index) => seen.has(index))) {
      context.addIssue({ code: 'custom', path: ['otherIndexes'], message: oneTypePerColumnMessage });
    }
  });
export type ImportMappingInput = z.input<typeof importMappingSchema>;

/** A quantity as written: a number, or text such as '10 ea', '1,200' or 'TBD' (read on the server). */
const quantityInputSchema = z
  .union(
    [
      z.number().min(0).max(10_000_000),
      z.string().trim().max(40, { error: 'Limit quantity to 40 characters' }),
    ],
    {
      error: 'Enter a quantity',
    },
  )
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value));

const limitedText = (field: string, max: number) =>
  nullableTextSchema.refine((value) => value === null || value.length <= max, {
    error: `Limit ${field} to ${max} characters`,
  });

/** A line added to a hubsheet by hand; matched at once. */
export const addListItemSchema = z.object({
  originalText: requiredTextSchema(listItemTextRequiredMessage).max(500, {
    error: 'Limit product text to 500 characters',
  }),
  sizeText: limitedText('size', 120),
  quantity: quantityInputSchema,
  budgetPrice: optionalAmountSchema('Enter the budget price as an amount, such as 45.00'),
  notes: limitedText('notes', 2000),
});
export type AddListItemInput = z.input<typeof addListItemSchema>;

/**
 * A line's edits: its text, size, quantity, budget or notes (a changed text or size is matched
 * again), or the user's choice of product and size (then remembered for the organisation).
 */
export const updateListItemSchema = z.object({
  version: versionSchema().optional(),
  originalText: requiredTextSchema(listItemTextRequiredMessage)
    .max(500, { error: 'Limit product text to 500 characters' })
    .optional(),
  sizeText: limitedText('size', 120).optional(),
  quantity: quantityInputSchema.optional(),
  budgetPrice: optionalAmountSchema('Enter the budget price as an amount, such as 45.00').optional(),
  notes: limitedText('notes', 2000).optional(),
  productId: idSchema.optional(),
  productVariantId: idSchema.nullish(),
});
export type UpdateListItemInput = z.input<typeof updateListItemSchema>;

export const reorderListItemsSchema = z.object({
  hubsheetId: idSchema,
  listItems: z.array(idSchema).min(1, { error: 'Send the lines in their new order' }).max(5000),
});
export type ReorderListItemsInput = z.input<typeof reorderListItemsSchema>;

import { productName } from '../brand';

/**
 * Where buyers send money (the invoice PDF's remit-to block and the dashboard's side panel). One place,
 * so the product can be re-branded.
 */
export const remitTo = {
  name: `${productName} Marketplace, Inc.`,
  lines: ['412 Fieldstone Road, Suite 200', 'Asheville, NC 28801'],
  email: 'receivables@hedgerow.test',
} as const;

/** Checks go to the bank's lockbox, never to the office. */
export const lockbox = {
  name: `${productName} Marketplace, Inc.`,
  lines: ['PO Box 74120', 'Charlotte, NC 28274-4120'],
} as const;

export const howToPayLines = [
  'Pay online: sign in and open Invoices to pay by card or bank account (ACH).',
  '3% service fee applies to credit card transactions.',
  `Pay by check: make checks payable to ${lockbox.name} and mail them to the lockbox below, with the invoice number on the memo line.`,
];

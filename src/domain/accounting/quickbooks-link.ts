import { z } from 'zod';

// The QuickBooks Online link (issue 20): the connected company, pushes of invoices and supplier
// bills, and the messages staff see when the link cannot do what they asked.

export const quickbooksNotConfiguredMessage =
  'QuickBooks Online is not set up on this server: set QBO_CLIENT_ID and QBO_CLIENT_SECRET.';
export const quickbooksNotConnectedMessage =
  'QuickBooks is not connected: connect it on the accounting page first.';
export const quickbooksStateRefusedMessage =
  'This QuickBooks authorisation has expired or was not started here. Connect again.';
export const quickbooksVendorNotFoundMessage = 'No QuickBooks vendor has that name.';

/** The product/service each pushed invoice line sells (QuickBooks' default one). */
export const quickbooksSalesItem = 'Services';

export const quickbooksConnectionSchema = z
  .object({ realmId: z.string(), companyName: z.string(), connectedAt: z.string() })
  .meta({ id: 'QuickBooksConnection' });

export const quickbooksPushStatusLabels = {
  queued: 'Waiting to start',
  running: 'Pushing',
  succeeded: 'Done',
  failed: 'Failed',
} as const;

export const quickbooksPushSchema = z
  .object({
    id: z.number(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    requestedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    /** Records this push found to send (0 until it has started). */
    total: z.number(),
    invoicesPushed: z.number(),
    billsPushed: z.number(),
    error: z.string().nullable(),
  })
  .meta({ id: 'QuickBooksPush' });
export type QuickBooksPush = z.infer<typeof quickbooksPushSchema>;

export const quickbooksAuthorizationSchema = z
  .object({ url: z.string() })
  .meta({ id: 'QuickBooksAuthorization' });

/** What Intuit appends to the redirect after consent; the accounting page hands it to the API. */
export const quickbooksCallbackQuerySchema = z.object({
  code: z.string().trim().min(1, { error: 'The authorisation code is missing' }),
  state: z.string().trim().min(1, { error: 'The authorisation state is missing' }),
  realmId: z.string().trim().min(1, { error: 'The QuickBooks company id is missing' }),
});

export const quickbooksVendorQuerySchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter a vendor name' }).max(200),
});

export const quickbooksVendorSchema = z
  .object({ id: z.string(), displayName: z.string() })
  .meta({ id: 'QuickBooksVendor' });

import { z } from 'zod';
import { accessStatuses } from '../access';
import { companyViewSchema } from '../accounts/company-view';

/** What Beehive, the staff admin area, reads: users, organisations, their audit trail, the outbox. */

/** A user as staff see it in Beehive: never the password hash. */
export const adminUserSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    phone: z.string().nullable(),
    status: z.enum(accessStatuses),
    activated: z.boolean(),
    roles: z.array(z.string()),
    isMarketManager: z.boolean(),
    messagesEnabled: z.boolean(),
    organizationId: z.number().nullable(),
    organizationName: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One entry of the audit trail: who did what to which record, and when. */
export const auditEventSchema = z
  .object({
    id: z.number(),
    actorUserId: z.number().nullable(),
    impersonatorUserId: z.number().nullable(),
    subjectType: z.string(),
    subjectId: z.number().nullable(),
    action: z.string(),
    data: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Beehive's user page: the user, whether they supply, and their latest audit events. */
export const adminUserDetailSchema = adminUserSchema
  .extend({ supplier: z.boolean(), events: z.array(auditEventSchema) })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** One row of Beehive's organisation list. */
export const adminOrganizationListItemSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    email: z.string().nullable(),
    companyType: z.string().nullable(),
    isBuyer: z.boolean(),
    branchCount: z.number(),
    userCount: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminOrganizationListItem' });
export type AdminOrganizationListItem = z.infer<typeof adminOrganizationListItemSchema>;

/** Beehive's organisation page: the company profile with its branches and members. */
export const adminOrganizationSchema = companyViewSchema
  .extend({
    branches: z.array(
      z.object({ id: z.number(), name: z.string(), slug: z.string(), isPrimary: z.boolean() }),
    ),
    users: z.array(adminUserSchema),
    /** Trade credit: invoice terms in days (0 = due on receipt, 30 = Net 30). */
    paymentTermsDays: z.number(),
  })
  .meta({ id: 'AdminOrganization' });
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

/** An e-mail the product sent or kept ('outbox' without SMTP, 'sent', or 'failed' with the error). */
/** 'outbox' (no SMTP server: kept only), 'queued' (its delivery job waits or retries), 'sent', 'failed'. */
export const outboxStatuses = ['outbox', 'queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];
/** What kind of message an outbox row is: an e-mail, or a text message (issue 17). */
export const outboxChannels = ['email', 'text'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

export const outboxEmailSchema = z
  .object({
    id: z.number(),
    toAddress: z.string(),
    subject: z.string(),
    textBody: z.string(),
    htmlBody: z.string().nullable(),
    status: z.enum(outboxStatuses),
    /** Tries to hand it to SMTP so far. */
    attempts: z.number().int(),
    /** The last try's error (a failed e-mail, or one waiting to be retried). */
    error: z.string().nullable(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    channel: z.enum(outboxChannels),
    /** Who carried a text: 'twilio', or 'sandbox' (kept here only); null for e-mails. */
    provider: z.string().nullable(),
  })
  .meta({ id: 'OutboxEmail' });
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

/** A row of Beehive's queue 'Orders nobody can answer': an open order whose supplier has nobody to receive it. */
export const unanswerableOrderSchema = z
  .object({
    id: z.number(),
    orderNumber: z.string(),
    name: z.string(),
    state: z.string(),
    submittedAt: z.string(),
    total: z.number(),
    buyerOrganizationName: z.string(),
    branchName: z.string(),
    supplierOrganizationId: z.number(),
    supplierOrganizationName: z.string(),
  })
  .meta({ id: 'UnanswerableOrder' });

import { z } from 'zod';
import { accountEmailSchema } from '../accounts/sign-in-schema';

/** What a visitor or user asks staff through Contact Us or 'Send Us Your List' (part 3 §2.10). */
export const supportRequestKinds = ['contact', 'list'] as const;
export type SupportRequestKind = (typeof supportRequestKinds)[number];
export const supportRequestStatuses = ['open', 'resolved'] as const;

export const supportRequestMessages = {
  name: 'Enter your name',
  subject: 'Enter a subject',
  body: 'Tell us how we can help',
  tooLong: (max: number) => `Keep this under ${max} characters`,
  reply: 'Write the answer to send',
  attachmentType: 'Attach a .csv, .xls, .xlsx, .pdf, .txt, .doc, .docx, .jpg or .png file',
  attachmentSize: 'Attach a file of 10 MB or less',
  attachmentRequired: 'Attach your list',
  sent: 'Thanks — your message is with our team. We answer within one business day.',
} as const;

export const maxAttachmentBytes = 10 * 1024 * 1024;
export const attachmentExtensions = [
  'csv',
  'xls',
  'xlsx',
  'pdf',
  'txt',
  'doc',
  'docx',
  'jpg',
  'jpeg',
  'png',
] as const;

const text = (max: number, empty: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .max(max, { error: supportRequestMessages.tooLong(max) });

export const supportRequestInputSchema = z.object({
  name: text(120, supportRequestMessages.name),
  email: accountEmailSchema,
  phone: z
    .string()
    .trim()
    .max(40, { error: supportRequestMessages.tooLong(40) })
    .optional(),
  subject: text(200, supportRequestMessages.subject),
  body: text(5000, supportRequestMessages.body),
});
export type SupportRequestInput = z.infer<typeof supportRequestInputSchema>;

export const supportRequestSchema = z
  .object({
    id: z.number(),
    kind: z.enum(supportRequestKinds),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    subject: z.string(),
    body: z.string(),
    userId: z.number().nullable(),
    attachment: z.object({ name: z.string(), size: z.number(), contentType: z.string() }).nullable(),
    status: z.enum(supportRequestStatuses),
    assignee: z.object({ id: z.number(), fullName: z.string() }).nullable(),
    reply: z.string().nullable(),
    repliedAt: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SupportRequest' });
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const replySchema = z.object({
  reply: z
    .string({ error: supportRequestMessages.reply })
    .trim()
    .min(1, { error: supportRequestMessages.reply })
    .max(10000, { error: supportRequestMessages.tooLong(10000) }),
});

export const resolveSchema = z.object({
  reply: z
    .string()
    .trim()
    .max(10000, { error: supportRequestMessages.tooLong(10000) })
    .optional(),
});

export const assignSchema = z.object({ assigneeUserId: z.number().int().positive().nullable() });

export const supportRequestListQuerySchema = {
  status: z.enum(supportRequestStatuses).optional(),
  mine: z.coerce.boolean().optional(),
};

import { z } from 'zod';
import { currentUserSchema } from '../users/current-user';

/** An invite request as its author reads it back (`GET /api/v1/invite_requests/{id}`). */
export const inviteRequestViewSchema = z
  .object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    orgUsesLH: z.boolean().nullable(),
    organizationId: z.number().nullable(),
    companyType: z.string().nullable(),
    projectTypes: z.array(z.string()),
    companySize: z.string().nullable(),
    roles: z.array(z.string()),
    postalCode: z.string().nullable(),
    completed: z.boolean(),
  })
  .meta({ id: 'InviteRequestView' });
export type InviteRequestView = z.infer<typeof inviteRequestViewSchema>;

/** What sign-up answers: the invite request's id and a signed-in session for the new account. */
export const signedUpSchema = z
  .object({ id: z.number(), token: z.string(), user: currentUserSchema })
  .meta({ id: 'SignedUp' });
export type SignedUp = z.infer<typeof signedUpSchema>;

import { z } from 'zod';
import { accountEmailSchema } from '../accounts/sign-in-schema';
import { productName } from '../brand';

export const managerOnlyMessage = "Only your company's manager can do this.";
export const alreadyMemberMessage = 'This person is already a member of your company.';
export const hasAccountMessage = `This person already has a ${productName} account. Ask them to contact us to move it to your company.`;
export const invitationInvalidMessage =
  'This invitation link is invalid or has expired. Ask your company for a new one.';
export const cannotRemoveYourselfMessage = 'You cannot remove yourself from your company.';
export const joinRequestDecidedMessage = 'This request was already answered.';

/** A member of a company as its Users tab lists them. The first member manages the company. */
export const organizationMemberSchema = z
  .object({
    id: z.number(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    manager: z.boolean(),
    joinedAt: z.string(),
  })
  .meta({ id: 'OrganizationMember' });
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

/** A person waiting for the manager (or staff) to let them into the company. */
export const joinRequestSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    requestedAt: z.string(),
  })
  .meta({ id: 'OrganizationJoinRequest' });
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** An invitation link sent by e-mail and not used yet. */
export const invitationSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    invitedBy: z.string().nullable(),
    invitedAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'OrganizationInvitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** The people of a company: members, pending members and open invitations; what the caller may change. */
export const organizationPeopleSchema = z
  .object({
    canManage: z.boolean(),
    members: z.array(organizationMemberSchema),
    joinRequests: z.array(joinRequestSchema),
    invitations: z.array(invitationSchema),
  })
  .meta({ id: 'OrganizationPeople' });
export type OrganizationPeople = z.infer<typeof organizationPeopleSchema>;

/** Inviting a person by e-mail. */
export const invitationInputSchema = z.object({ email: accountEmailSchema }).meta({ id: 'InvitationInput' });
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** What the sign-up page shows about an invitation link before the person signs up. */
export const invitationPreviewSchema = z
  .object({ organizationName: z.string(), email: z.string(), postalCode: z.string().nullable() })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

import { z } from 'zod';
import { accessStatuses } from '../access';

/** The signed-in user as `GET /api/v1/users/current` answers (spec part 1 §3 User, plus status). */
export const currentUserSchema = z
  .object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    status: z.enum(accessStatuses),
    activated: z.boolean(),
    supplier: z.boolean(),
    roles: z.array(z.object({ name: z.string() })),
    /** What the user's roles let them do in Beehive (src/domain/admin/permissions.ts); empty for most. */
    permissions: z.array(z.string()),
    organizationId: z.number().nullable(),
    organizationName: z.string().nullable(),
    organizationSlug: z.string().nullable(),
    organizationBranches: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
    primaryBranchId: z.number().nullable(),
    primaryBranchSlug: z.string().nullable(),
    organizationIsBuyer: z.boolean(),
    /** The company the user asked to join at sign-up, while its manager has not answered. */
    pendingOrganizationName: z.string().nullable(),
    dashboardAccess: z.boolean(),
    preferredSupplierIds: z.array(z.number()),
    hasPreferredSuppliers: z.boolean(),
    defaultPostalCode: z.string().nullable(),
    searchedForProducts: z.boolean(),
    createdCart: z.boolean(),
    messagesEnabled: z.boolean(),
    currentCartId: z.number().nullable(),
    showNewUserSurvey: z.boolean(),
    organizationFeatures: z.array(z.string()),
    userFeatures: z.array(z.string()),
    impersonator: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A signed-in session: the bearer token (shown once) and who it belongs to. */
export const signedInSchema = z
  .object({ token: z.string(), user: currentUserSchema })
  .meta({ id: 'SignedIn' });
export type SignedIn = z.infer<typeof signedInSchema>;

export const fullNameOf = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

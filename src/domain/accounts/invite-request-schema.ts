import { z } from 'zod';
import { nullableTextSchema, postalCodeSchema, requiredTextSchema } from './address-schema';
import {
  companyNameRequiredMessage,
  companySizeRequiredMessage,
  companyTypeRequiredMessage,
  otherRoleRequiredMessage,
  phoneRequiredMessage,
  projectTypesRequiredMessage,
  rolesRequiredMessage,
} from './messages';
import type { CompanyRole } from './options';
import { companySizes, companyTypes, projectTypes } from './options';
import { phoneDigits } from './phone';
import { accountEmailSchema, newPasswordSchema } from './sign-in-schema';

const otherRole: CompanyRole = 'Other';

// Roles are free text rather than the fixed list because a saved invite request holds the
// user's own description in place of 'Other' (see rolesWithOtherReplaced).
const roleSchema = z.string({ error: rolesRequiredMessage }).trim().min(1, { error: rolesRequiredMessage });

const projectTypeSchema = z.enum(projectTypes, { error: projectTypesRequiredMessage });

type RoleFields = { roles?: readonly string[] | null; otherRole?: string | null };

function includesOtherRole(roles: readonly string[] | null | undefined): boolean {
  return roles?.includes(otherRole) ?? false;
}

function addOtherRoleIssue(value: RoleFields, ctx: z.RefinementCtx): void {
  if (includesOtherRole(value.roles) && !value.otherRole?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['otherRole'], message: otherRoleRequiredMessage });
  }
}

// A cross-field rule runs even while unrelated fields are wrong, so the form shows every error
// at once, but not while a field it reads is malformed, since it would then read garbage.
function whenFieldsParsed(fields: readonly string[]) {
  return (payload: z.core.ParsePayload): boolean =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}

const inviteCompanyFields = [
  'organizationId',
  'invitationToken',
  'companyName',
  'companyType',
  'companySize',
  'projectTypes',
  'roles',
];

/** The sign-up form; company fields are required only when the user is not joining an existing organization. */
export const inviteRequestSchema = z
  .object({
    firstName: requiredTextSchema('Enter a first name for this user'),
    lastName: requiredTextSchema('Enter a last name for this user'),
    email: accountEmailSchema,
    phone: requiredTextSchema(phoneRequiredMessage).refine(
      (value) => value === '' || phoneDigits(value).length >= 10,
      {
        error: phoneRequiredMessage,
      },
    ),
    password: newPasswordSchema,
    companyName: nullableTextSchema,
    orgUsesLH: z.boolean().optional(),
    organizationId: z.number().int().positive().nullish(),
    // The token of an e-mailed invitation link: the person signs up straight into that company.
    invitationToken: z.string().trim().max(200).nullish(),
    companyType: z.enum(companyTypes, { error: companyTypeRequiredMessage }).nullish(),
    projectTypes: z.array(projectTypeSchema).optional(),
    companySize: z.enum(companySizes, { error: companySizeRequiredMessage }).nullish(),
    roles: z.array(roleSchema).optional(),
    otherRole: nullableTextSchema,
    postalCode: postalCodeSchema,
  })
  .superRefine(addOtherRoleIssue, { when: whenFieldsParsed(['roles', 'otherRole']) })
  .superRefine(
    (value, ctx) => {
      // A linked organization (chosen, or the one an invitation leads into) already has these details,
      // and the form hides them.
      if (value.organizationId || value.invitationToken) return;
      if (!value.companyName) {
        ctx.addIssue({ code: 'custom', path: ['companyName'], message: companyNameRequiredMessage });
      }
      if (!value.companyType) {
        ctx.addIssue({ code: 'custom', path: ['companyType'], message: companyTypeRequiredMessage });
      }
      if (!value.companySize) {
        ctx.addIssue({ code: 'custom', path: ['companySize'], message: companySizeRequiredMessage });
      }
      if (!value.projectTypes?.length) {
        ctx.addIssue({ code: 'custom', path: ['projectTypes'], message: projectTypesRequiredMessage });
      }
      if (!value.roles?.length) {
        ctx.addIssue({ code: 'custom', path: ['roles'], message: rolesRequiredMessage });
      }
    },
    { when: whenFieldsParsed(inviteCompanyFields) },
  );

/** Sign-up form values as the form or a request holds them. */
export type InviteRequestInput = z.input<typeof inviteRequestSchema>;

/** Sign-up values after validation. */
export type InviteRequest = z.output<typeof inviteRequestSchema>;

/** The complete-profile form, where every field is required; fields the invite request already holds are hidden but still sent. */
export const completeProfileSchema = z
  .object({
    phone: z.string({ error: phoneRequiredMessage }).trim().min(10, { error: phoneRequiredMessage }),
    companyName: requiredTextSchema(companyNameRequiredMessage),
    postalCode: requiredTextSchema('Where are you located?'),
    companySize: z.enum(companySizes, { error: companySizeRequiredMessage }),
    roles: z.array(roleSchema, { error: rolesRequiredMessage }).min(1, { error: rolesRequiredMessage }),
    otherRole: nullableTextSchema,
    companyType: z.enum(companyTypes, { error: companyTypeRequiredMessage }),
    projectTypes: z
      .array(projectTypeSchema, { error: projectTypesRequiredMessage })
      .min(1, { error: projectTypesRequiredMessage }),
  })
  .superRefine(addOtherRoleIssue, { when: whenFieldsParsed(['roles', 'otherRole']) });

/** Complete-profile form values as the form or a request holds them. */
export type CompleteProfileInput = z.input<typeof completeProfileSchema>;

/** Complete-profile values after validation. */
export type CompleteProfile = z.output<typeof completeProfileSchema>;

/** Returns the roles to store, with 'Other' replaced by the user's own description, or dropped when there is none. */
export function rolesWithOtherReplaced(
  roles: readonly string[],
  otherRoleText: string | null | undefined,
): string[] {
  const description = otherRoleText?.trim() ?? '';
  const replaced = roles.flatMap((role) => {
    if (role !== otherRole) return [role];
    return description ? [description] : [];
  });
  // A description that repeats a listed role would otherwise store that role twice.
  return [...new Set(replaced)];
}

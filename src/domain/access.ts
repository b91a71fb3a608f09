/** What a user's account allows, by access status (DESIGN.md §5). */
export const accessStatuses = [
  'approved',
  'approved_for_site_use_only',
  'no_site_use',
  'login_prohibited',
] as const;
export type AccessStatus = (typeof accessStatuses)[number];

export const accessStatusLabels: Record<AccessStatus, string> = {
  approved: 'Approved',
  approved_for_site_use_only: 'Approved for site use only',
  no_site_use: 'No site use (suspended)',
  login_prohibited: 'Login prohibited',
};

/** Staff roles a user may hold besides being a buyer or supplier. */
export const staffRoles = ['admin', 'logistics_admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** login_prohibited users cannot sign in at all. */
export const canSignIn = (status: AccessStatus) => status !== 'login_prohibited';

/** no_site_use users see the suspended-access notice instead of content. */
export const canUseSite = (status: AccessStatus) =>
  status === 'approved' || status === 'approved_for_site_use_only';

/** Only fully approved users may submit orders. */
export const canSubmitOrders = (status: AccessStatus) => status === 'approved';

export const suspendedAccessText =
  'This content is only for landscape wholesale buyers. Your access has been suspended because we cannot verify you are a wholesale buyer. If you think this is a mistake, contact our team.';

type RoleHolder = { roles: readonly { name: string }[] | readonly string[] };

function roleNames(user: RoleHolder): string[] {
  return user.roles.map((role) => (typeof role === 'string' ? role : role.name));
}

/** Admin means the user has a role named admin (spec part 1 §6). */
export const isAdmin = (user: RoleHolder) => roleNames(user).includes('admin');

/** Logistics staff see freight work; admins may too. */
export const isLogisticsAdmin = (user: RoleHolder) => roleNames(user).includes('logistics_admin');

/** Staff may use the internal API. */
export const isStaff = (user: RoleHolder) => isAdmin(user) || isLogisticsAdmin(user);

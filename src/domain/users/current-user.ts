import type { AccessStatus } from '../access';

/** The signed-in user as `GET /api/v1/users/current` answers (spec part 1 §3 User, plus status). */
export type CurrentUser = {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  status: AccessStatus;
  activated: boolean;
  supplier: boolean;
  roles: { name: string }[];
  organizationId: number | null;
  organizationName: string | null;
  organizationSlug: string | null;
  organizationBranches: { id: number; name: string; slug: string }[];
  primaryBranchId: number | null;
  primaryBranchSlug: string | null;
  organizationIsBuyer: boolean;
  dashboardAccess: boolean;
  preferredSupplierIds: number[];
  hasPreferredSuppliers: boolean;
  defaultPostalCode: string | null;
  searchedForProducts: boolean;
  createdCart: boolean;
  messagesEnabled: boolean;
  currentCartId: number | null;
  showNewUserSurvey: boolean;
  organizationFeatures: string[];
  userFeatures: string[];
  impersonator: { id: number; fullName: string } | null;
};

export const fullNameOf = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** Shown when a phone number is missing or too short on the address, sign-up and complete-profile forms. */
export const phoneRequiredMessage = 'Phone number is required';

/** Shown when a zip or postal code is missing. */
export const postalCodeRequiredMessage = 'Zip code is required.';

/** Shown when a zip or postal code is neither a US zip code nor a Canadian postal code. */
export const postalCodeInvalidMessage = 'Must be a valid 5 or 9 digit zip code or Canadian postal code';

/** Shown when an e-mail address is missing or malformed. */
export const emailInvalidMessage = 'Enter a valid email address';

/** Shown when a password is missing on sign-in or password change. */
export const passwordRequiredMessage = 'Enter your password';

/** Shown when a new password is shorter than the minimum length. */
export const passwordTooShortMessage = 'Use at least 10 characters for your password';

/** Shown when a new password is longer than the maximum length. */
export const passwordTooLongMessage = 'Limit password to 200 characters';

/** Shown when a new company has no name on the sign-up and complete-profile forms. */
export const companyNameRequiredMessage = 'Company name is required';

/** Shown when the company type is missing or not one of the fixed types. */
export const companyTypeRequiredMessage = 'Please select your company type';

/** Shown when the company size is missing or not one of the fixed sizes. */
export const companySizeRequiredMessage = 'Please select your company size';

/** Shown when no project type is picked or one is not in the fixed list. */
export const projectTypesRequiredMessage = 'Please select at least one project type';

/** Shown when the user picked no role in their company. */
export const rolesRequiredMessage = 'Please select at least one role';

/** Shown when the user picked the 'Other' role without describing it. */
export const otherRoleRequiredMessage = 'Please describe your role';

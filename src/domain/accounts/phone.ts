/** Input mask for phone fields, matching the display format of {@link formatPhone}. */
export const phoneMask = '(999) 999-9999';

/** Message for a phone number that fails {@link isValidSimplePhone}. */
export const phoneNotValidMessage = 'Phone number is not valid';

// An optional country prefix, then a North American number in any of the usual punctuations.
const simplePhonePattern = /^(\+?\d{1,3}[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** Returns only the digits of a phone number as typed. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Formats a 10-digit number as '(###) ###-####', keeping a '+1 ' prefix for 11 digits starting with 1, and returns anything else unchanged. */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 10) return formatTenDigits(digits);
  if (digits.length === 11 && digits.startsWith('1')) return `+1 ${formatTenDigits(digits.slice(1))}`;
  // Extensions and foreign numbers are shown as typed rather than mangled into the US layout.
  return value;
}

function formatTenDigits(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Tells whether a value is an optional country prefix followed by a 10-digit number. */
export function isValidSimplePhone(value: string): boolean {
  return simplePhonePattern.test(value.trim());
}

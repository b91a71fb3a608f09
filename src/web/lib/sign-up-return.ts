/**
 * Pages a visitor is sent back to after signing up (spec part 1 §2.5: the sign-up route gains a
 * redirect back when opened from the search, a branch page or a product's availability page).
 */
const returnablePages = [
  /^\/search$/,
  /^\/suppliers\/(?!map$|states$|favorites$)[^/]+$/,
  /^\/products\/[^/]+\/availability$/,
];

/** The path to come back to after sign-up from this page, or undefined when the page is not one of those. */
export function signUpReturnPath(location: { pathname: string; search: string }): string | undefined {
  return returnablePages.some((pattern) => pattern.test(location.pathname))
    ? `${location.pathname}${location.search}`
    : undefined;
}

// Kept apart from search-params.ts (which needs zod) so the header, on every page, stays light.

/** The header dropdown shows this many live results (spec part 1 §9). */
export const headerSearchResultCount = 10;
export const headerSearchMinCharacters = 2;
export const headerSearchDebounceMs = 250;

// Kept apart from product-tile.tsx so the header's search dropdown, which every page loads, does not
// pull in the tile and its add-to-cart tools (and with them zod and the cart forms).

/** Tiles and dropdown options show at most this many category labels (spec part 2 §9). */
export const tileCategoryCount = 2;

/** One product group of the catalogue navigation, with the families inside it. */
export type ProductGroupNavEntry = {
  slug: string;
  name: string;
  groupType: 'GREEN_GOOD' | 'HARD_GOOD';
  families: { slug: string; name: string }[];
};

/**
 * The product groups the header menus and footer sections list. Empty until the catalogue exists:
 * the catalogue issue fills it from the API (product groups with their families), and every menu or
 * section built from it stays hidden while it has no entries.
 */
export const productGroupNav: ProductGroupNavEntry[] = [];

/** A header menu or footer section of product groups: Plants are the green goods, the rest Hard Goods. */
export type ProductGroupSection = { label: string; groups: ProductGroupNavEntry[] };

/** The Plants and Hard Goods sections that have at least one group (spec part 1 §2.2, §2.3). */
export function productGroupSections(
  groups: readonly ProductGroupNavEntry[] = productGroupNav,
): ProductGroupSection[] {
  return [
    { label: 'Plants', groups: groups.filter((group) => group.groupType === 'GREEN_GOOD') },
    { label: 'Hard Goods', groups: groups.filter((group) => group.groupType === 'HARD_GOOD') },
  ].filter((section) => section.groups.length > 0);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductGroupSummary } from '../../domain/catalog/product-groups';
import { compareNames } from '../../domain/text/number-format';
import { answerOf, api } from '../api/api';

/** One product group of the catalogue navigation, with its families that hold products. */
export type ProductGroupNavEntry = ProductGroupSummary;

/** A header menu or footer section of product groups: Plants are the green goods, the rest Hard Goods. */
export type ProductGroupSection = { label: string; groups: ProductGroupNavEntry[] };

const noGroups: ProductGroupNavEntry[] = [];

/**
 * The product groups the header menus and footer sections list, from `GET /api/v1/product_groups`.
 * Empty while loading and when the call fails (the failure is only reported): every menu or section
 * built from it stays hidden then.
 */
export function useProductGroupNav(): ProductGroupNavEntry[] {
  const query = useQuery(productGroupNavQueryOptions());
  return query.data ?? noGroups;
}

/** The query behind useProductGroupNav (main.tsx starts it before the first page's code has loaded). */
export const productGroupNavQueryOptions = () =>
  queryOptions({
    queryKey: ['product-groups', 'nav'],
    queryFn: async ({ signal }) => {
      try {
        const answer = await answerOf(api.GET('/api/v1/product_groups', { signal }));
        return answer.results;
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('Error fetching the product groups', error);
        return noGroups;
      }
    },
    staleTime: 10 * 60_000,
  });

/** The Plants and Hard Goods sections that have at least one group (spec part 1 §2.2, §2.3). */
export function productGroupSections(groups: readonly ProductGroupNavEntry[]): ProductGroupSection[] {
  return [
    { label: 'Plants', groups: groups.filter((group) => group.groupType === 'GREEN_GOOD') },
    { label: 'Hard Goods', groups: groups.filter((group) => group.groupType !== 'GREEN_GOOD') },
  ].filter((section) => section.groups.length > 0);
}

/** A family of the navigation with the group it belongs to. */
export type ProductFamilyLink = { groupSlug: string; slug: string; name: string; productCount: number };

/** The families of the groups, group by group in the groups' order. */
export function familiesOf(groups: readonly ProductGroupNavEntry[]): ProductFamilyLink[] {
  return groups.flatMap((group) => group.families.map((family) => ({ groupSlug: group.slug, ...family })));
}

/** The families of the groups with most products (ties by name), at most `limit`. */
export function topFamilies(groups: readonly ProductGroupNavEntry[], limit: number): ProductFamilyLink[] {
  return familiesOf(groups)
    .sort((a, b) => b.productCount - a.productCount || compareNames(a.name, b.name))
    .slice(0, limit);
}

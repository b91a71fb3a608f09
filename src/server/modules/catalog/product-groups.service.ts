import type {
  ProductFamilySummary,
  ProductGroupsResponse,
  ProductGroupType,
} from '../../../domain/catalog/product-groups';
import type { Executor } from '../../core/database';
import * as repo from './product-groups.repository';

/**
 * The catalogue navigation: groups by position then name, each with its families that hold products
 * (by name) and their product counts. Groups without such families are listed with none.
 */
export async function listProductGroups(db: Executor): Promise<ProductGroupsResponse> {
  const [groups, families] = await Promise.all([
    repo.listProductGroups(db),
    repo.listNonEmptyProductFamilies(db),
  ]);
  const familiesByGroup = new Map<number, ProductFamilySummary[]>();
  for (const family of families) {
    const list = familiesByGroup.get(family.group_id) ?? [];
    list.push({ slug: family.slug, name: family.name, productCount: family.product_count });
    familiesByGroup.set(family.group_id, list);
  }
  return {
    results: groups.map((group) => ({
      slug: group.slug,
      name: group.name,
      groupType: group.group_type as ProductGroupType,
      families: familiesByGroup.get(group.id) ?? [],
    })),
  };
}

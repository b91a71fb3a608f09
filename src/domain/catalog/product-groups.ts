/** A product group's type: green goods are plants, hard goods everything else. */
export type ProductGroupType = 'GREEN_GOOD' | 'HARD_GOOD';

/** A family of a product group, with how many products it holds. */
export type ProductFamilySummary = { slug: string; name: string; productCount: number };

/** A product group with its non-empty families, as `GET /api/v1/product_groups` lists it. */
export type ProductGroupSummary = {
  slug: string;
  name: string;
  groupType: ProductGroupType;
  families: ProductFamilySummary[];
};

export type ProductGroupsResponse = { results: ProductGroupSummary[] };

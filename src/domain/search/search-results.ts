import { z } from 'zod';

/** A price a buyer sees: the tier price, the price after their best discount, and its label. */
export const searchPriceSchema = z
  .object({ base: z.number(), value: z.number(), category: z.string() })
  .meta({ id: 'SearchPrice' });
export type SearchPrice = z.infer<typeof searchPriceSchema>;

/** One product in search results (spec part 2 §3 Product). Money in cents; prices null when hidden. */
export const productSearchResultSchema = z
  .object({
    id: z.number(),
    pathIdentifier: z.string(),
    primaryName: z.string(),
    secondaryName: z.string().nullable(),
    patentName: z.string().nullable(),
    /** At most what the tile shows first; the tile shows 2. */
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    categoryNames: z.string(),
    /** 'B&B, Container' — the characteristics of the variants that match, as the tile's 'Available in'. */
    availabilityCharacteristicNames: z.string(),
    imageUrl: z.string().nullable(),
    brand: z
      .object({ id: z.number(), name: z.string(), slug: z.string(), logoUrl: z.string().nullable() })
      .nullable(),
    totalSuppliers: z.number(),
    totalAvailable: z.number(),
    ignoreQuantity: z.boolean(),
    unavailable: z.boolean(),
    restricted: z.boolean(),
    /** Hidden (null) for anonymous visitors and restricted products: the web shows 'Log in to view pricing'. */
    priceMin: z.number().nullable(),
    priceMax: z.number().nullable(),
    /** The signed-in buyer's own lowest price (tier for quantity 1 + their discounts). */
    price: searchPriceSchema.nullable(),
  })
  .meta({ id: 'ProductSearchResult' });
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

/** A facet value with its count; container parents carry their sizes as children. */
export type SearchAggregation = { name: string; count: number; children?: SearchAggregation[] };
export const searchAggregationSchema: z.ZodType<SearchAggregation> = z
  .object({
    name: z.string(),
    count: z.number(),
    get children() {
      return z.array(searchAggregationSchema).optional();
    },
  })
  .meta({ id: 'SearchAggregation' });

const facet = () => z.array(searchAggregationSchema);

/** Facet counts of part 2 §3 'Search aggregations'. */
export const searchAggregationsSchema = z
  .object({
    categories: facet(),
    availability: facet(),
    standardContainer: facet(),
    sizesInches: facet(),
    sizesFeet: facet(),
    fieldStatus: facet(),
    brand: facet(),
    advantages: facet(),
  })
  .meta({ id: 'SearchAggregations' });
export type SearchAggregations = z.infer<typeof searchAggregationsSchema>;

/** The answer of `GET /api/v1/products/search`. */
export const productSearchResponseSchema = z
  .object({
    results: z.array(productSearchResultSchema),
    totalCount: z.number(),
    currentPage: z.number(),
    totalPages: z.number(),
    aggregations: searchAggregationsSchema,
  })
  .meta({ id: 'ProductSearchResponse' });
export type ProductSearchResponse = z.infer<typeof productSearchResponseSchema>;

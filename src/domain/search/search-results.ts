/** A price a buyer sees: the tier price, the price after their best discount, and its label. */
export type SearchPrice = { base: number; value: number; category: string };

/** One product in search results (spec part 2 §3 Product). Money in cents; prices null when hidden. */
export type ProductSearchResult = {
  id: number;
  pathIdentifier: string;
  primaryName: string;
  secondaryName: string | null;
  patentName: string | null;
  /** At most what the tile shows first; the tile shows 2. */
  categories: { slug: string; name: string }[];
  categoryNames: string;
  /** 'B&B, Container' — the characteristics of the variants that match, as the tile's 'Available in'. */
  availabilityCharacteristicNames: string;
  imageUrl: string | null;
  brand: { id: number; name: string; slug: string; logoUrl: string | null } | null;
  totalSuppliers: number;
  totalAvailable: number;
  ignoreQuantity: boolean;
  unavailable: boolean;
  restricted: boolean;
  /** Hidden (null) for anonymous visitors and restricted products: the web shows 'Log in to view pricing'. */
  priceMin: number | null;
  priceMax: number | null;
  /** The signed-in buyer's own lowest price (tier for quantity 1 + their discounts). */
  price: SearchPrice | null;
};

/** A facet value with its count; container parents carry their sizes as children. */
export type SearchAggregation = { name: string; count: number; children?: SearchAggregation[] };

/** Facet counts of part 2 §3 'Search aggregations'. */
export type SearchAggregations = {
  categories: SearchAggregation[];
  availability: SearchAggregation[];
  standardContainer: SearchAggregation[];
  sizesInches: SearchAggregation[];
  sizesFeet: SearchAggregation[];
  fieldStatus: SearchAggregation[];
  brand: SearchAggregation[];
  advantages: SearchAggregation[];
};

/** The answer of `GET /api/v1/products/search`. */
export type ProductSearchResponse = {
  results: ProductSearchResult[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
  aggregations: SearchAggregations;
};

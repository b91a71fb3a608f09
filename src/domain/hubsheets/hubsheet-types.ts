/**
 * The hubsheet API's shapes, shared by the server (which builds them) and the web app (which shows
 * them). Part 2 §3 (Hubsheet, Import list, Created list response) and issue 5's API shapes.
 * Money is a decimal string ('12.50'); dates are ISO strings ('2026-11-22' for days).
 */

export const hubsheetStatuses = ['in_progress', 'ready_to_bid', 'ready_to_order'] as const;
export type HubsheetStatus = (typeof hubsheetStatuses)[number];

/** One uploaded spreadsheet, before it becomes a hubsheet (POST /api/v1/import_lists). */
export type ImportListView = {
  id: number;
  importListItemsCount: number;
  filename: string;
  /** The header row as written ('Botanical Name', 'Size', …); 'Column 1'… when the file has none. */
  originalHeaders: string[];
  /** The first rows of data (up to 5), each cell as text. */
  sampleRows: string[][];
  headersIncluded: boolean;
  /** Column indexes (0-based) of what each column holds; null when not assigned. */
  productNameIndex: number | null;
  /** null: the size is part of the product text (docs/decisions.md). */
  containerIndex: number | null;
  quantityIndex: number | null;
  budgetedPriceIndex: number | null;
  /** Columns marked 'Other' (common name, remarks, root type): evidence for the match. */
  otherIndexes: number[];
  /** The required kinds not yet assigned: a non-empty list is the 'Required headers are missing' answer. */
  missingHeaders: Array<'productName' | 'quantity'>;
};

/** A hubsheet as the index and the dashboard list it (GET /api/v1/hubsheets). */
export type HubsheetSummary = {
  id: number;
  name: string;
  status: HubsheetStatus;
  postalCode: string | null;
  listItemsCount: number;
  createdAt: string;
  updatedAt: string;
  user: { id: number; fullName: string } | null;
};

export type MatchState = 'pending' | 'matching' | 'matched';

export type ListItemProduct = {
  id: number;
  primaryName: string;
  secondaryName: string | null;
  pathIdentifier: string;
};
export type ListItemVariant = { id: number; size: string };

export type ListItemAlternative = {
  product: ListItemProduct;
  productVariant: ListItemVariant | null;
  matchScore: number;
};

/** What the market within the hubsheet's radius offers for a line's matched product and size. */
export type ListItemSupply = {
  /** How many branches within the radius list it available. */
  branchCount: number;
  lowestPrice: string | null;
  /** The market estimate: the median of the branches' prices for the line's quantity. */
  medianPrice: string | null;
  /** (medianPrice − budgetPrice) / budgetPrice × 100, rounded; null without both. */
  percentDiff: number | null;
};

export type ListItemView = {
  id: number;
  position: number;
  /** The row's product text as written. */
  originalText: string;
  /** The size as written in its own column, or null when it was part of the product text. */
  sizeText: string | null;
  /** The quantity column as written ('10 ea', '1,200', 'TBD'). */
  quantityText: string | null;
  quantity: number | null;
  budgetPrice: string | null;
  matchState: MatchState;
  /** 0–100; null while pending. */
  matchScore: number | null;
  product: ListItemProduct | null;
  productVariant: ListItemVariant | null;
  /** Up to 5 other candidates, best first. */
  alternatives: ListItemAlternative[];
  /** The user picked the match (it is then remembered for the organisation's next lists). */
  chosenByUser: boolean;
  supply: ListItemSupply | null;
  /** The branch the line was sourced from ('Add to cart'), when it was. */
  chosenBranch: { id: number; name: string; price: string | null } | null;
  notes: string | null;
};

export type HubsheetView = HubsheetSummary & {
  radiusRestriction: number | null;
  jobDate: string | null;
  logisticsRate: string | null;
  importListId: number | null;
  filename: string | null;
  /** While a long list is matched in the background: how far it has got. */
  matching: { state: 'pending' | 'running' | 'done'; matched: number; total: number };
  /** Counts of the lines by confidence (the import summary). */
  summary: { perfect: number; match: number; needsReview: number; noMatch: number; pending: number };
  listItems: ListItemView[];
  carts: Array<{ id: number; name: string; cartNumber: string }>;
  version: number;
};

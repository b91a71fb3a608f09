/*
 * The dashboard's list sizes and ad zones, apart from its answers' schemas (dashboard-views.ts): the
 * dashboard's first page reads these and builds no zod schema.
 */

/** Part 1 §9: how many of each list the dashboard fetches and shows. */
export const dashboardLimits = {
  recentCartsFetch: 10,
  recentCartsShown: 5,
  recentCartsStep: 10,
  hubsheetsPerPage: 3,
  submittedCartsFetch: 15,
  submittedCartsShown: 5,
  submittedCartsStep: 10,
  submittedCartsMax: 15,
  nestedOrdersShown: 3,
  recentOrdersPerTab: 3,
  shopSuppliers: 4,
  favoritesPerSlide: 6,
} as const;

/** Ad zones by activation (part 1 §2.1). */
export const dashboardAdZones = {
  activated: ['20776', '20777'],
  nonActivated: ['20778', '20779'],
} as const;

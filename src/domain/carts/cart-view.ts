import type { PricingType } from '../catalog/pricing';
import type { CartState, FulfillmentType } from './cart-states';

/**
 * The shapes of carts as the API answers them and the web app, the quote documents and the orders
 * module read them (spec part 2 §3: Cart, Cart as loaded for editing, Cart item, Cart note). Money is
 * in integer cents; times are ISO strings.
 */

export type JobData = {
  externalJobNumber: string | null;
  externalPhase: string | null;
  postalCode: string | null;
};

/** A cart in the Saved Carts list, the header and the dashboard. */
export type CartSummary = {
  id: number;
  name: string;
  cartNumber: string;
  state: CartState;
  current: boolean;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  jobData: JobData;
  user: { id: number; fullName: string };
  cartItemsCount: number;
  skusCount: number;
  suppliersCount: number;
  supplierIds: number[];
  subtotal: number;
  total: number;
  ordersCount: number;
};

/** A unit price as the buyer sees it: the tier's book price, what they pay, and the label that explains it. */
export type CartItemPrice = {
  base: number;
  value: number;
  category: string;
  pricingType: PricingType;
  quantityMin: number;
};

export type CartItemView = {
  id: number;
  cartId: number;
  version: number;
  sortPosition: number;
  branchId: number;
  quantity: number;
  unit: string;
  unitAbbreviation: string;
  nonCatalog: boolean;
  /** The product's name, or what the buyer typed for an item that is not in the catalogue. */
  name: string;
  secondaryName: string | null;
  size: string | null;
  characteristics: string[];
  categoryNames: string;
  product: {
    id: number;
    pathIdentifier: string;
    primaryName: string;
    secondaryName: string | null;
    imageUrl: string | null;
  } | null;
  productVariantId: number | null;
  availability: {
    id: number;
    quantity: number;
    ignoreQuantity: boolean;
    priceTiers: { quantityMin: number; price: number }[];
    updatedAt: string;
  } | null;
  /** The branch no longer lists this size (or never did, for a non-catalogue item). */
  missingAvailability: boolean;
  /** The quantity asked for is more than the branch says it has. */
  exceedsAvailability: boolean;
  price: CartItemPrice | null;
  bookPrice: number | null;
  buyerTotal: number;
  supplierPrice: number | null;
  supplierTotal: number;
  priceCategory: string | null;
  buyerNotes: string | null;
  sharedNotes: string | null;
  createdAt: string;
};

export type DeliveryAddress = {
  name: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
};

/** What the buyer chose at checkout for one supplier branch. */
export type BranchFulfillment = {
  fulfillment: FulfillmentType;
  requestedOn: string | null;
  deliveryAddress: DeliveryAddress | null;
  deliveryInstructions: string | null;
  notesToSupplier: string | null;
};

/** One supplier branch of a cart, with its items' totals. */
export type CartBranchView = {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  notices: string | null;
  displayAddress: string | null;
  stateCode: string | null;
  organizationId: number;
  organizationName: string;
  sellsOnline: boolean;
  fulfillment: BranchFulfillment;
  itemsCount: number;
  subtotal: number;
  taxAmount: number;
  total: number;
};

export type CartNoteView = {
  id: number;
  cartId: number;
  body: string;
  authorId: number | null;
  authorName: string | null;
  internal: false;
  createdAt: string;
};

export type CartOrderLink = {
  id: number;
  orderNumber: string;
  branchId: number;
  branchName: string;
  total: number;
  state: string;
};

/** A cart as loaded for editing, reading, checkout and the quote documents. */
export type CartView = {
  id: number;
  name: string;
  cartNumber: string;
  state: CartState;
  version: number;
  current: boolean;
  buyerUserId: number;
  buyerFullName: string;
  buyerEmail: string;
  organizationId: number | null;
  organizationName: string | null;
  jobData: JobData;
  taxExempt: boolean;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  items: CartItemView[];
  branches: CartBranchView[];
  notes: CartNoteView[];
  orders: CartOrderLink[];
  suppliersCount: number;
  subtotal: number;
  taxAmount: number;
  total: number;
  /** What the caller may do, so the web app hides what the server would refuse. */
  permissions: { edit: boolean; submit: boolean };
};

import { applyStaffPrices, priceCartItem } from '../../../domain/carts/cart-pricing';
import type { CartState } from '../../../domain/carts/cart-states';
import type {
  BranchFulfillment,
  CartBranchView,
  CartItemView,
  CartSummary,
  CartView,
} from '../../../domain/carts/cart-view';
import { unitAbbreviation } from '../../../domain/carts/quantity';
import { estimatedTax } from '../../../domain/carts/sales-tax';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import * as cartDetails from '../../read-models/cart-details';
import type * as cartLists from '../../read-models/cart-lists';
import * as catalog from '../catalog/catalog.service';
import * as orders from '../orders/orders.service';
import { cartPermissions } from './cart-access';
import type * as repo from './carts.repository';

/** Raw SQL rows carry timestamps as text; Drizzle's typed selects as Date. */
const isoOf = (value: Date | string) => new Date(value).toISOString();

const defaultFulfillment: BranchFulfillment = {
  fulfillment: 'pickup',
  requestedOn: null,
  deliveryAddress: null,
  deliveryInstructions: null,
  notesToSupplier: null,
};

/** Cart lines priced for the cart's buyer organisation at this moment. */
export async function priceItems(
  db: Executor,
  buyerOrganizationId: number | null,
  rows: cartDetails.CartItemDetailRow[],
  now = new Date(),
): Promise<CartItemView[]> {
  const discountsFor = await catalog.buyerDiscountResolver(
    db,
    buyerOrganizationId,
    rows.map((row) => row.branch_organization_id),
    now,
  );
  return rows.map((row) => itemView(row, discountsFor));
}

/** One cart line priced with the discounts `discountsFor` gives for its branch. */
export function itemView(
  row: cartDetails.CartItemDetailRow,
  discountsFor: Awaited<ReturnType<typeof catalog.buyerDiscountResolver>>,
): CartItemView {
  const quantity = Number(row.quantity);
  const listed = row.availability_id !== null;
  const priced = applyStaffPrices(
    priceCartItem({
      tiers: listed ? row.price_tiers : null,
      quantity,
      discounts: discountsFor({
        organizationId: row.branch_organization_id,
        sellsOnline: row.branch_sells_online,
        honorsPurchaseDiscount: row.branch_honors_purchase_discount,
      }),
      unitPriceOverride: row.non_catalog ? row.unit_price_override : null,
    }),
    {
      bookPrice: row.staff_book_price,
      buyerPrice: row.staff_buyer_price,
      supplierPrice: row.staff_supplier_price,
    },
    quantity,
  );
  const unit = (row.non_catalog ? row.non_catalog_unit : row.unit) ?? 'each';
  return {
    id: row.id,
    cartId: row.cart_id,
    version: row.version,
    sortPosition: row.sort_position,
    branchId: row.branch_id,
    quantity,
    unit,
    unitAbbreviation: unitAbbreviation(unit),
    nonCatalog: row.non_catalog,
    name: (row.non_catalog ? row.non_catalog_name : row.primary_name) ?? '',
    secondaryName: row.non_catalog ? null : row.secondary_name,
    size: row.non_catalog ? row.non_catalog_size : row.size,
    characteristics: row.characteristics ?? [],
    categoryNames: row.category_names ?? '',
    product:
      row.product_id !== null && row.primary_name !== null && row.path_identifier !== null
        ? {
            id: row.product_id,
            pathIdentifier: row.path_identifier,
            primaryName: row.primary_name,
            secondaryName: row.secondary_name,
            imageUrl: row.image_url,
          }
        : null,
    productVariantId: row.product_variant_id,
    availability: listed
      ? {
          id: row.availability_id as number,
          quantity: row.available_quantity ?? 0,
          ignoreQuantity: row.ignore_quantity ?? false,
          priceTiers: row.price_tiers ?? [],
          updatedAt: isoOf(row.availability_updated_at as Date | string),
        }
      : null,
    missingAvailability: !row.non_catalog && !listed,
    exceedsAvailability: listed && !row.ignore_quantity && quantity > (row.available_quantity ?? 0),
    ...priced,
    buyerNotes: row.buyer_notes,
    sharedNotes: row.shared_notes,
    metricsSource: row.metrics_source ?? null,
    createdAt: isoOf(row.created_at),
  };
}

/** Per-branch groups with their totals; tax follows where the goods go (delivery) or are picked up. */
function branchViews(
  items: CartItemView[],
  branches: cartDetails.CartBranchRow[],
  fulfillments: cartDetails.CartFulfillmentChoice[],
  taxExempt: boolean,
): CartBranchView[] {
  const order = [...new Set(items.map((item) => item.branchId))];
  const byId = new Map(branches.map((branch) => [branch.id, branch]));
  return order.flatMap((branchId) => {
    const branch = byId.get(branchId);
    if (!branch) return [];
    const chosen = fulfillments.find((row) => row.branchId === branchId);
    const fulfillment: BranchFulfillment = chosen
      ? {
          fulfillment: chosen.fulfillment as BranchFulfillment['fulfillment'],
          requestedOn: chosen.requestedOn,
          deliveryAddress: chosen.deliveryAddress ?? null,
          deliveryInstructions: chosen.deliveryInstructions,
          notesToSupplier: chosen.notesToSupplier,
        }
      : defaultFulfillment;
    const lines = items.filter((item) => item.branchId === branchId);
    const subtotal = lines.reduce((sum, item) => sum + item.buyerTotal, 0);
    const destinationState =
      fulfillment.fulfillment === 'delivery' && fulfillment.deliveryAddress
        ? fulfillment.deliveryAddress.state
        : branch.state_code;
    const taxAmount = estimatedTax(subtotal, destinationState, taxExempt);
    return [
      {
        id: branch.id,
        name: branch.name,
        slug: branch.slug,
        logo: branch.logo_url,
        notices: branch.notices,
        displayAddress: branch.display_address,
        stateCode: branch.state_code,
        organizationId: branch.organization_id,
        organizationName: branch.organization_name,
        sellsOnline: branch.sells_online,
        fulfillment,
        itemsCount: lines.length,
        subtotal,
        taxAmount,
        total: subtotal + taxAmount,
      },
    ];
  });
}

/** The whole cart as the edit, read, review and submitted pages and the quote documents show it. */
export async function buildCartView(db: Executor, caller: Caller, cart: repo.CartRow): Promise<CartView> {
  const rows = await cartDetails.findCartItemDetails(db, { cartIds: [cart.id] });
  const items = await priceItems(db, cart.organizationId, rows);
  const [extras, cartOrders] = await Promise.all([
    cartDetails.findCartExtras(db, cart.id, caller.user.id),
    cart.state === 'submitted' ? orders.listOrdersOfCart(db, cart.id) : Promise.resolve([]),
  ]);
  const { branches, fulfillments, notes } = extras;
  const currentCartId = extras.viewer_current_cart_id;
  const organizationName = extras.organization_name;
  const groups = branchViews(items, branches, fulfillments, cart.taxExempt);
  const buyer = { fullName: extras.buyer_full_name, email: extras.buyer_email };
  const subtotal = groups.reduce((sum, group) => sum + group.subtotal, 0);
  const taxAmount = groups.reduce((sum, group) => sum + group.taxAmount, 0);
  return {
    id: cart.id,
    name: cart.name,
    cartNumber: cart.cartNumber,
    state: cart.state as CartState,
    version: cart.version,
    current: currentCartId === cart.id,
    buyerUserId: cart.userId,
    buyerFullName: buyer?.fullName ?? '',
    buyerEmail: buyer?.email ?? '',
    organizationId: cart.organizationId,
    organizationName,
    jobData: {
      externalJobNumber: cart.externalJobNumber,
      externalPhase: cart.externalPhase,
      postalCode: cart.postalCode,
    },
    taxExempt: cart.taxExempt,
    createdAt: cart.createdAt.toISOString(),
    updatedAt: cart.updatedAt.toISOString(),
    submittedAt: cart.submittedAt?.toISOString() ?? null,
    items,
    branches: groups,
    notes: notes.map((note) => ({
      id: note.id,
      cartId: note.cart_id,
      body: note.body,
      authorId: note.author_id,
      authorName: note.author_name,
      internal: false,
      createdAt: isoOf(note.created_at),
    })),
    orders: cartOrders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      branchId: order.branchId,
      branchName: groups.find((group) => group.id === order.branchId)?.name ?? '',
      total: order.total,
      state: order.state,
    })),
    suppliersCount: new Set(groups.map((group) => group.organizationId)).size,
    subtotal,
    taxAmount,
    total: subtotal + taxAmount,
    permissions: cartPermissions(caller, cart, items.length),
  };
}

/**
 * Saved Carts rows. An open cart's total is priced now (with estimated tax at each branch's state);
 * a submitted cart's total is what its orders came to.
 */
export async function buildCartSummaries(
  db: Executor,
  rows: cartLists.CartListRow[],
): Promise<CartSummary[]> {
  const open = rows.filter((row) => row.state !== 'submitted');
  const details = await cartDetails.findCartItemDetails(db, { cartIds: open.map((row) => row.id) });
  const subtotals = new Map<number, number>();
  // A user's carts normally share one organisation; price each organisation's carts together.
  const organizationOf = new Map(open.map((row) => [row.id, row.organization_id]));
  for (const organizationId of new Set(organizationOf.values())) {
    const lines = details.filter((detail) => organizationOf.get(detail.cart_id) === organizationId);
    for (const item of await priceItems(db, organizationId, lines)) {
      subtotals.set(item.cartId, (subtotals.get(item.cartId) ?? 0) + item.buyerTotal);
    }
  }
  return rows.map((row) => {
    const subtotal = row.state === 'submitted' ? (row.orders_total ?? 0) : (subtotals.get(row.id) ?? 0);
    return {
      id: row.id,
      name: row.name,
      cartNumber: row.cart_number,
      state: row.state as CartState,
      current: row.current,
      createdAt: isoOf(row.created_at),
      updatedAt: isoOf(row.updated_at),
      submittedAt: row.submitted_at === null ? null : isoOf(row.submitted_at),
      jobData: {
        externalJobNumber: row.external_job_number,
        externalPhase: row.external_phase,
        postalCode: row.postal_code,
      },
      user: { id: row.user_id, fullName: row.user_full_name },
      cartItemsCount: row.items_count,
      skusCount: row.skus_count,
      suppliersCount: row.supplier_ids.length,
      supplierIds: row.supplier_ids,
      subtotal,
      total: subtotal,
      ordersCount: row.orders_count,
    };
  });
}

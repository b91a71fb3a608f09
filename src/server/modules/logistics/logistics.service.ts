import zipcodes from 'zipcodes';
import { isAdmin } from '../../../domain/access';
import { normalizePostalCode } from '../../../domain/accounts/postal-code';
import { flagsForUser } from '../../../domain/features';
import {
  type FreightLine,
  type FreightRequestInput,
  type FreightRequestView,
  freightTexts,
  milesBetween,
  suggestedFreightCost,
  type TruckInput,
  type TruckView,
} from '../../../domain/logistics/freight';
import { formatMoney } from '../../../domain/money';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import * as freightModel from '../../read-models/freight-requests';
import * as audit from '../audit/audit.service';
import * as carts from '../carts/carts.service';
import * as features from '../features/features.service';
import * as messages from '../messages/messages.service';
import * as repo from './logistics.repository';

// ---------------------------------------------------------------------------------------------------
// Trucks

const iso = (value: Date | string) => new Date(value).toISOString();

function truckView(row: repo.TruckRow): TruckView {
  return {
    id: row.id,
    name: row.name,
    palletCapacity: row.palletCapacity,
    weightCapacityLb: row.weightCapacityLb,
    ratePerMile: row.ratePerMile,
    minimumCharge: row.minimumCharge,
    active: row.active,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export const truckNameTakenMessage = 'A truck with this name exists already';

const truckNotFound = () => new AppError('not_found', freightTexts.truckNotFound);

export async function listTrucks(db: Executor) {
  return (await repo.listTrucks(db)).map(truckView);
}

export async function getTruckOrThrow(db: Executor, id: number) {
  const row = await repo.findTruck(db, id);
  if (!row) throw truckNotFound();
  return truckView(row);
}

async function refuseTakenName(db: Executor, name: string, exceptId: number | null) {
  const taken = await repo.findTruckByName(db, name);
  if (taken && taken.id !== exceptId)
    throw new AppError('conflict', truckNameTakenMessage, { fields: { name: truckNameTakenMessage } });
}

/** A new truck of the logistics team; 409 when another has the name. */
export async function createTruck(db: Db, caller: Caller, input: TruckInput) {
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name, null);
    const row = await repo.insertTruck(tx, { ...input, active: input.active ?? true });
    await audit.recordEvent(tx, actorOf(caller), { type: 'truck', id: row.id }, 'create', { ...input });
    return truckView(row);
  });
}

export async function updateTruck(db: Db, caller: Caller, id: number, input: Partial<TruckInput>) {
  return db.transaction(async (tx) => {
    if (!(await repo.findTruck(tx, id))) throw truckNotFound();
    if (input.name) await refuseTakenName(tx, input.name, id);
    const row = await repo.updateTruck(tx, id, input);
    if (!row) throw truckNotFound();
    await audit.recordEvent(tx, actorOf(caller), { type: 'truck', id }, 'update', { ...input });
    return truckView(row);
  });
}

// ---------------------------------------------------------------------------------------------------
// Distances

type Point = { latitude: number; longitude: number };

/** Where a US zip or Canadian postal code is, or null when the code list does not know it. */
function placeOfPostalCode(postalCode: string | null): Point | null {
  if (!postalCode) return null;
  const normalized = normalizePostalCode(postalCode);
  const found = zipcodes.lookup(/^\d{5}/.test(normalized) ? normalized.slice(0, 5) : normalized);
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}

/** Miles from a branch (its coordinates, else its postal code) to a destination postal code. */
async function distanceFromBranch(db: Executor, branchId: number | null, destinationPostalCode: string) {
  if (branchId === null) return null;
  const branch = await freightModel.findBranchPlace(db, branchId);
  if (!branch) return null;
  const from =
    branch.latitude !== null && branch.longitude !== null
      ? { latitude: branch.latitude, longitude: branch.longitude }
      : placeOfPostalCode(branch.postal_code);
  const to = placeOfPostalCode(destinationPostalCode);
  return from && to ? milesBetween(from, to) : null;
}

// ---------------------------------------------------------------------------------------------------
// Freight requests

const requestNotFound = () => new AppError('not_found', freightTexts.requestNotFound);

function requestView(row: freightModel.FreightRequestRow): FreightRequestView {
  return {
    id: row.id,
    threadId: row.thread_id,
    source: row.source,
    cart:
      row.cart_id !== null && row.cart_number !== null
        ? { id: row.cart_id, cartNumber: row.cart_number, name: row.cart_name ?? '' }
        : null,
    order:
      row.order_id !== null && row.order_number !== null
        ? {
            id: row.order_id,
            orderNumber: row.order_number,
            name: row.order_name ?? '',
            total: row.order_total ?? 0,
          }
        : null,
    buyerOrganizationName: row.buyer_organization_name,
    requestedByFullName: row.requested_by_full_name,
    branch:
      row.branch_id !== null && row.branch_name !== null
        ? { id: row.branch_id, name: row.branch_name, postalCode: row.branch_postal_code }
        : null,
    destinationCity: row.destination_city,
    destinationState: row.destination_state,
    destinationPostalCode: row.destination_postal_code,
    expectedShipDate: row.expected_ship_date,
    fulfillmentHours: row.fulfillment_hours,
    needsDeliveryAssist: row.needs_delivery_assist,
    notes: row.notes,
    lines: row.lines ?? [],
    distanceMiles: row.distance_miles,
    createdAt: iso(row.created_at),
    respondedAt: row.responded_at ? iso(row.responded_at) : null,
    estimate:
      row.estimate_cost !== null
        ? {
            cost: row.estimate_cost,
            notes: row.estimate_notes,
            truckName: row.truck_name,
            pdfName: row.estimate_pdf_name,
          }
        : null,
  };
}

/** The request payload of the message (spec part 3 §3 Freight request payload). */
function requestPayload(request: repo.FreightRequestRow, extra: Record<string, unknown>) {
  return {
    ...extra,
    freightRequestId: request.id,
    destinationCity: request.destinationCity,
    destinationState: request.destinationState,
    destinationPostalCode: request.destinationPostalCode,
    expectedShipDate: request.expectedShipDate,
    fulfillmentHours: request.fulfillmentHours,
    needsDeliveryAssist: request.needsDeliveryAssist,
    notes: request.notes,
    distanceMiles: request.distanceMiles,
    lines: request.lines,
  };
}

function requestText(input: {
  what: string;
  destinationCity: string;
  destinationState: string;
  destinationPostalCode: string;
  expectedShipDate: string | null;
  lines: readonly FreightLine[];
  notes: string | null;
}) {
  const count = input.lines.length;
  return [
    `Freight estimate requested for ${input.what}: ${count} line${count === 1 ? '' : 's'} to ${input.destinationCity}, ${input.destinationState} ${input.destinationPostalCode}${input.expectedShipDate ? `, shipping ${input.expectedShipDate}` : ''}.`,
    input.notes ? `Notes: ${input.notes}` : null,
  ]
    .filter(Boolean)
    .join('\n');
}

async function freightRequestOnFor(deps: Pick<AppDeps, 'features'>, caller: Caller) {
  return features.isEnabled(deps.features, 'FREIGHT_REQUEST', {
    userId: caller.user.id,
    organizationId: caller.user.organizationId,
    flags: flagsForUser({
      admin: isAdmin(caller.user),
      supplier: (caller.profile?.branches.length ?? 0) > 0,
      activated: caller.user.activated,
    }),
  });
}

/**
 * POST /api/v1/carts/{id}/freight_requests (FREIGHT_REQUEST): the buyer asks the logistics team to price
 * the freight of a cart. It opens a 'Freight Estimate' thread (the buyer's organisation and staff) with
 * a freight_quote_request message; the goods leave from the cart's first branch.
 */
export async function requestFreightForCart(
  db: Db,
  deps: Pick<AppDeps, 'features'>,
  caller: Caller,
  cartId: number,
  input: FreightRequestInput,
) {
  const cart = await carts.getCart(db, caller, cartId);
  if (!(await freightRequestOnFor(deps, caller))) throw new AppError('forbidden', freightTexts.featureOff);
  const lines: FreightLine[] = cart.items.map((item) => ({
    primaryName: item.name,
    size: item.size,
    quantity: item.quantity,
    weightLb: null,
  }));
  const branchId = cart.items[0]?.branchId ?? cart.branches[0]?.id ?? null;
  const distanceMiles = await distanceFromBranch(db, branchId, input.destinationPostalCode);
  const id = await db.transaction(async (tx) => {
    const { threadId } = await messages.openRequestThread(tx, {
      label: 'Freight Estimate',
      subjectType: 'organization',
      subjectLine: `Freight estimate: cart ${cart.cartNumber} ${cart.name}`,
      searchText: [
        cart.cartNumber,
        cart.name,
        cart.organizationName,
        input.destinationCity,
        input.destinationPostalCode,
      ]
        .filter(Boolean)
        .join(' '),
      cartId: cart.id,
      branchId,
      buyerOrganizationId: cart.organizationId,
      supplierOrganizationId: null,
      requestedByUserId: caller.user.id,
    });
    const request = await repo.insertFreightRequest(tx, {
      source: 'cart',
      cartId: cart.id,
      threadId,
      buyerOrganizationId: cart.organizationId,
      requestedByUserId: caller.user.id,
      branchId,
      ...input,
      destinationPostalCode: normalizePostalCode(input.destinationPostalCode),
      lines,
      distanceMiles,
    });
    const { messageId } = await messages.postRequestEvent(tx, threadId, {
      type: 'freight_quote_request',
      content: requestText({ ...request, what: `cart ${cart.cartNumber} (${cart.name})`, lines }),
      senderUserId: caller.user.id,
      to: ['staff'],
      event: {
        kind: 'cartEvent',
        name: 'freight_request',
        payload: requestPayload(request, { cartName: cart.name, cartNumber: cart.cartNumber }),
      },
    });
    await repo.updateFreightRequest(tx, request.id, { requestMessageId: messageId });
    await audit.recordEvent(tx, actorOf(caller), { type: 'cart', id: cart.id }, 'freight_requested', {
      freightRequestId: request.id,
    });
    return request.id;
  });
  return getFreightRequestOrThrow(db, id);
}

/**
 * The freight request of an order a supplier confirmed with platform freight (issue 16), in the
 * confirmation's transaction: the order's lines, branch and delivery address, from the confirming user
 * to staff. One per order: a second call returns the first.
 */
export async function requestFreightForOrder(tx: Executor, orderId: number, userId: number | null) {
  const existing = await repo.findOrderRequest(tx, orderId);
  if (existing) return existing;
  const order = await freightModel.findOrderForFreight(tx, orderId);
  if (!order) throw new AppError('not_found', 'Order not found');
  const address = order.delivery_address ?? {};
  const destinationPostalCode = normalizePostalCode(address.postalCode ?? '');
  const distanceMiles = await distanceFromBranch(tx, order.branch_id, destinationPostalCode);
  const { threadId } = await messages.openRequestThread(tx, {
    label: 'Freight Estimate',
    subjectType: 'organization',
    subjectLine: `Freight estimate: order ${order.order_number} ${order.name}`,
    searchText: [
      order.order_number,
      order.name,
      order.buyer_organization_name,
      order.branch_name,
      address.city,
    ]
      .filter(Boolean)
      .join(' '),
    orderId: order.id,
    cartId: order.cart_id,
    branchId: order.branch_id,
    buyerOrganizationId: order.buyer_organization_id,
    supplierOrganizationId: order.supplier_organization_id,
    requestedByUserId: order.user_id,
  });
  const request = await repo.insertFreightRequest(tx, {
    source: 'order',
    orderId: order.id,
    cartId: order.cart_id,
    threadId,
    buyerOrganizationId: order.buyer_organization_id,
    requestedByUserId: order.user_id,
    branchId: order.branch_id,
    destinationCity: address.city ?? '',
    destinationState: address.state ?? '',
    destinationPostalCode,
    expectedShipDate: order.requested_on,
    lines: order.lines.map((line) => ({ ...line, quantity: Number(line.quantity) })),
    distanceMiles,
  });
  const { messageId } = await messages.postRequestEvent(tx, threadId, {
    type: 'freight_quote_request',
    content: requestText({
      ...request,
      what: `order ${order.order_number} (${order.name}) from ${order.branch_name}`,
    }),
    senderUserId: userId,
    to: ['staff'],
    event: {
      kind: 'cartEvent',
      name: 'freight_request',
      payload: requestPayload(request, {
        orderId: order.id,
        orderNumber: order.order_number,
        branchName: order.branch_name,
      }),
    },
  });
  return repo.updateFreightRequest(tx, request.id, { requestMessageId: messageId });
}

export async function getFreightRequestOrThrow(db: Executor, id: number) {
  const row = await freightModel.findFreightRequest(db, id);
  if (!row) throw requestNotFound();
  return requestView(row);
}

/** GET /api/internal/freight_requests/{id}: the request with each active truck's suggested cost. */
export async function freightRequestForEstimate(db: Executor, id: number) {
  const request = await getFreightRequestOrThrow(db, id);
  const trucks = (await listTrucks(db)).filter((truck) => truck.active);
  return {
    request,
    trucks,
    suggestions: trucks.map((truck) => ({
      truckId: truck.id,
      cost:
        request.distanceMiles === null
          ? truck.minimumCharge
          : suggestedFreightCost(request.distanceMiles, truck),
    })),
  };
}

/** The logistics queue: open requests oldest first, and the latest answered ones. */
export async function freightQueue(db: Executor, view: 'open' | 'answered') {
  const rows = await freightModel.listFreightRequests(db, { open: view === 'open', limit: 200 });
  return { results: rows.map(requestView), totalCount: await freightModel.countOpenFreightRequests(db) };
}

/** The request locked for its estimate; 404 when missing, 409 once estimated. */
export async function lockOpenRequest(tx: Executor, id: number) {
  const request = await repo.lockFreightRequest(tx, id);
  if (!request) throw requestNotFound();
  if (request.respondedAt)
    throw new AppError('conflict', freightTexts.alreadyEstimated, { code: 'already_estimated' });
  return request;
}

export async function findOrderRequestId(tx: Executor, orderId: number) {
  return (await repo.findOrderRequest(tx, orderId))?.id ?? null;
}

/**
 * The estimate answers the request: a freight_quote_response in its thread (to the buyer, and the
 * supplier for an order) with the cost, notes and PDF; the request records it (responded_at).
 */
export async function recordEstimate(
  tx: Executor,
  caller: Caller,
  request: repo.FreightRequestRow,
  input: {
    cost: number;
    notes: string | null;
    truckId: number | null;
    pdf: { storageKey: string; filename: string; byteSize: number } | null;
    now: Date;
  },
) {
  const truck = input.truckId === null ? null : await repo.findTruck(tx, input.truckId);
  const { messageId } = await messages.postRequestEvent(tx, request.threadId, {
    type: 'freight_quote_response',
    content: [
      `Freight estimate: ${formatMoney(input.cost)}${truck ? ` (${truck.name})` : ''}.`,
      input.notes ? `Notes: ${input.notes}` : null,
      request.orderId ? 'The order now includes this amount as its shipping.' : null,
    ]
      .filter(Boolean)
      .join('\n'),
    senderUserId: caller.user.id,
    to: request.orderId ? ['buyer', 'supplier'] : ['buyer'],
    event: {
      kind: 'cartEvent',
      name: 'freight_response_message',
      payload: {
        freightRequestId: request.id,
        freightEstimateCost: input.cost,
        notes: input.notes,
        freightPdfName: input.pdf?.filename ?? null,
        truckName: truck?.name ?? null,
      },
    },
    attachments: input.pdf ? [{ ...input.pdf, contentType: 'application/pdf' }] : [],
  });
  await repo.updateFreightRequest(tx, request.id, {
    respondedAt: input.now,
    estimateCost: input.cost,
    estimateNotes: input.notes,
    truckId: truck?.id ?? null,
    estimatePdfName: input.pdf?.filename ?? null,
    responseMessageId: messageId,
    estimatedByUserId: caller.user.id,
  });
  await audit.recordEvent(tx, actorOf(caller), { type: 'freight_request', id: request.id }, 'estimated', {
    cost: input.cost,
    truckId: truck?.id ?? null,
  });
}

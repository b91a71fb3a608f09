import { freightTexts, maxFreightPdfBytes, parseFreightCost } from '../../domain/logistics/freight';
import type { Caller } from '../core/caller';
import type { Db, Executor } from '../core/database';
import type { AppDeps } from '../core/deps';
import { AppError } from '../core/errors';
import * as logistics from '../modules/logistics/logistics.service';
import * as orderFreight from '../modules/orders/order-freight.service';

/** An order confirmed with platform freight asks the logistics team for an estimate (same transaction). */
export function requestFreightOnConfirm(tx: Executor, orderId: number, userId: number) {
  return logistics.requestFreightForOrder(tx, orderId, userId);
}

export type EstimateInput = {
  freightRequestId?: string | number;
  orderId?: string | number;
  cost?: unknown;
  notes?: unknown;
  truckId?: string | number;
  pdf?: { filename: string; data: Buffer; truncated: boolean } | null;
};

const idOf = (value: unknown) => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
};

/** Every field's problem at once (422), or the checked input. */
function checkEstimate(input: EstimateInput) {
  const fields: Record<string, string> = {};
  const requestId = idOf(input.freightRequestId);
  const orderId = idOf(input.orderId);
  if (requestId === null && orderId === null) fields.freightRequestId = freightTexts.requestTarget;
  const cost = parseFreightCost(input.cost);
  if ('error' in cost) fields.cost = cost.error;
  const notes = typeof input.notes === 'string' ? input.notes.trim() : '';
  if (notes.length > 2000) fields.notes = freightTexts.notesTooLong;
  const truckText = input.truckId === undefined || input.truckId === '' ? null : input.truckId;
  const truckId = truckText === null ? null : idOf(truckText);
  if (truckText !== null && truckId === null) fields.truckId = freightTexts.truckNotFound;
  const pdf = input.pdf ?? null;
  if (pdf) {
    if (pdf.truncated || pdf.data.length > maxFreightPdfBytes) fields.pdf = freightTexts.pdfTooLarge;
    else if (
      !pdf.filename.toLowerCase().endsWith('.pdf') ||
      pdf.data.subarray(0, 5).toString('latin1') !== '%PDF-'
    )
      fields.pdf = freightTexts.pdfType;
  }
  if (Object.keys(fields).length > 0)
    throw new AppError('unprocessable', Object.values(fields)[0], { code: 'invalid_estimate', fields });
  return { requestId, orderId, cost: (cost as { cents: number }).cents, notes: notes || null, truckId, pdf };
}

/**
 * POST /api/v1/freight_estimates (logistics_admin or admin): prices a freight request. The PDF is stored
 * first; in one transaction the reply goes into the request's thread, the request is answered, and an
 * order's shipping becomes the cost in a new version with freight_pending cleared. 409 for a second
 * estimate; the stored file is removed when nothing was written.
 */
export async function createFreightEstimate(
  db: Db,
  deps: Pick<AppDeps, 'storage' | 'clock'>,
  caller: Caller,
  input: EstimateInput,
) {
  const checked = checkEstimate(input);
  if (checked.truckId !== null) await logistics.getTruckOrThrow(db, checked.truckId);
  let storageKey: string | null = null;
  try {
    if (checked.pdf) storageKey = await deps.storage.put('thread-documents', 'pdf', checked.pdf.data);
    const requestId = await db.transaction(async (tx) => {
      const id =
        checked.requestId ??
        (await logistics.findOrderRequestId(tx, checked.orderId as number)) ??
        (await logistics.requestFreightForOrder(tx, checked.orderId as number, null)).id;
      const request = await logistics.lockOpenRequest(tx, id);
      await logistics.recordEstimate(tx, caller, request, {
        cost: checked.cost,
        notes: checked.notes,
        truckId: checked.truckId,
        pdf:
          checked.pdf && storageKey
            ? { storageKey, filename: checked.pdf.filename, byteSize: checked.pdf.data.length }
            : null,
        now: deps.clock.now(),
      });
      if (request.orderId !== null)
        await orderFreight.applyFreightEstimate(tx, caller, request.orderId, {
          cost: checked.cost,
          notes: checked.notes,
        });
      return request.id;
    });
    return logistics.getFreightRequestOrThrow(db, requestId);
  } catch (error) {
    if (storageKey) await deps.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

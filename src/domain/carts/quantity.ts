/**
 * Units a buyer may order in fractions: bulk materials sold by measure (half a yard of mulch, 2.5 tons
 * of stone). Plants, flats, bags, pallets and rolls are counted whole.
 */
const fractionalUnits = new Set(['cu yd', 'ton', 'lb', 'sq ft', 'linear ft']);

export const unitAllowsFractions = (unit: string | null | undefined) =>
  unit !== null && unit !== undefined && fractionalUnits.has(unit);

export const quantityRequiredMessage = 'Enter a quantity';
export const quantityPositiveMessage = 'Quantity must be more than 0';
export const quantityWholeMessage = 'Quantity must be a whole number for this item';
export const quantityTooLargeMessage = 'Quantity must be 1,000,000 or less';
export const quantityPrecisionMessage = 'Use at most 2 decimal places';

export const maxQuantity = 1_000_000;

/** Why a quantity cannot be ordered in this unit, or null when it can. */
export function quantityProblem(quantity: number, unit: string | null | undefined): string | null {
  if (!Number.isFinite(quantity)) return quantityRequiredMessage;
  if (quantity <= 0) return quantityPositiveMessage;
  if (quantity > maxQuantity) return quantityTooLargeMessage;
  if (!unitAllowsFractions(unit) && !Number.isInteger(quantity)) return quantityWholeMessage;
  if (Math.round(quantity * 100) !== quantity * 100) return quantityPrecisionMessage;
  return null;
}

/** The short unit shown beside a quantity ('ea', 'cu yd'). */
export function unitAbbreviation(unit: string | null | undefined): string {
  if (!unit || unit === 'each') return 'ea';
  return unit;
}

/**
 * Units a buyer may order in fractions: bulk materials sold by measure (half a yard of mulch, 2.5 tons
 * of stone). Plants, flats, bags, pallets and rolls are counted whole.
 */
export const fractionalUnits: readonly string[] = ['cu yd', 'ton', 'lb', 'sq ft', 'linear ft'];

export const unitAllowsFractions = (unit: string | null | undefined) =>
  unit !== null && unit !== undefined && fractionalUnits.includes(unit);

export const quantityRequiredMessage = 'Enter a quantity';
export const quantityPositiveMessage = 'Quantity must be more than 0';
export const quantityWholeMessage = 'Quantity must be a whole number for this item';
export const quantityTooLargeMessage = 'Quantity must be 1,000,000 or less';
export const quantityPrecisionMessage = 'Use at most 2 decimal places';

export const maxQuantity = 1_000_000;

/** Why a quantity cannot be ordered in any unit (not a number, not positive, too large, too precise). */
export function anyUnitQuantityProblem(quantity: number): string | null {
  if (!Number.isFinite(quantity)) return quantityRequiredMessage;
  if (quantity <= 0) return quantityPositiveMessage;
  if (quantity > maxQuantity) return quantityTooLargeMessage;
  // Compared with a tolerance: 2.01 × 100 is 200.99999999999997 in binary floating point.
  if (Math.abs(Math.round(quantity * 100) - quantity * 100) > 1e-6) return quantityPrecisionMessage;
  return null;
}

/** Why a quantity cannot be ordered in this unit, or null when it can. */
export function quantityProblem(quantity: number, unit: string | null | undefined): string | null {
  const problem = anyUnitQuantityProblem(quantity);
  if (problem) return problem;
  if (!unitAllowsFractions(unit) && !Number.isInteger(quantity)) return quantityWholeMessage;
  return null;
}

/** The short unit shown beside a quantity ('ea', 'cu yd'). */
export function unitAbbreviation(unit: string | null | undefined): string {
  if (!unit || unit === 'each') return 'ea';
  return unit;
}

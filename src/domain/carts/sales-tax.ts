/**
 * Base sales tax rates in basis points (625 = 6.25 %) by US state and, for Canada, the GST/HST plus
 * provincial sales tax a business buyer pays. Local (county and city) taxes are not included, so a
 * cart's tax is an estimate; the supplier's invoice carries the exact figure. Rates as published for
 * 2025 by each state's revenue department and the Canada Revenue Agency.
 */
export const salesTaxBasisPoints: Readonly<Record<string, number>> = {
  AL: 400,
  AK: 0,
  AZ: 560,
  AR: 650,
  CA: 725,
  CO: 290,
  CT: 635,
  DE: 0,
  DC: 600,
  FL: 600,
  GA: 400,
  GU: 400,
  HI: 400,
  ID: 600,
  IL: 625,
  IN: 700,
  IA: 600,
  KS: 650,
  KY: 600,
  LA: 500,
  ME: 550,
  MD: 600,
  MA: 625,
  MI: 600,
  MN: 688,
  MS: 700,
  MO: 423,
  MT: 0,
  NE: 550,
  NV: 685,
  NH: 0,
  NJ: 663,
  NM: 488,
  NY: 400,
  NC: 475,
  ND: 500,
  OH: 575,
  OK: 450,
  OR: 0,
  PA: 600,
  RI: 700,
  SC: 600,
  SD: 420,
  TN: 700,
  TX: 625,
  UT: 485,
  VT: 600,
  VA: 530,
  WA: 650,
  WV: 600,
  WI: 500,
  WY: 400,
  AB: 500,
  BC: 1200,
  MB: 1200,
  NB: 1500,
  NL: 1500,
  NS: 1400,
  NT: 500,
  NU: 500,
  ON: 1300,
  PE: 1500,
  QC: 1498,
  SK: 1100,
  YT: 500,
};

/** Estimated tax in cents on a subtotal delivered to or picked up in `stateCode`; 0 when unknown or exempt. */
export function estimatedTax(
  subtotalCents: number,
  stateCode: string | null | undefined,
  exempt = false,
): number {
  if (exempt || !stateCode) return 0;
  const rate = salesTaxBasisPoints[stateCode.toUpperCase()] ?? 0;
  return Math.round((subtotalCents * rate) / 10_000);
}

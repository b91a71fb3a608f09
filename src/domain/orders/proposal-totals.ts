import { type AmountAudience, type AmountLine, orderAmounts, storedOrderAmounts } from './order-amounts';

/**
 * The order's estimated tax after its buyer subtotal changes: the same rate (tax / subtotal) on the
 * new subtotal. Accepting a change stores this; the proposal review shows the total it leads to.
 */
export const taxAtSameRate = (taxes: number, subtotal: number, newSubtotal: number) =>
  subtotal > 0 ? Math.round((taxes * newSubtotal) / subtotal) : 0;

type ProposalTotalsInput = {
  audience: AmountAudience;
  /** The order's current lines with their ids. */
  lines: readonly (AmountLine & { id: number })[];
  /** The order's stored tax and the buyer subtotal it was computed on. */
  taxes: number;
  subtotal: number;
  shipping: number | null;
  /** The line the proposal changes, and its two snapshots. */
  lineId: number;
  current: AmountLine;
  proposed: AmountLine;
};

/**
 * The order total (for one audience) with the proposal's line as it is now and as proposed, the
 * proposal review's 'New order total'. Derived from the same amount block as the order page, so the
 * new total is the one the order shows once the change is accepted.
 */
export function proposalOrderTotals(input: ProposalTotalsInput) {
  const totalWith = (line: AmountLine) => {
    const lines = input.lines.map((entry) => (entry.id === input.lineId ? { ...entry, ...line } : entry));
    const buyerSubtotal = storedOrderAmounts({ lines, taxes: 0, shipping: null }).subtotal;
    return orderAmounts({
      audience: input.audience,
      lines,
      taxes: taxAtSameRate(input.taxes, input.subtotal, buyerSubtotal),
      shipping: input.shipping,
    }).total.data;
  };
  return { current: totalWith(input.current), proposed: totalWith(input.proposed) };
}

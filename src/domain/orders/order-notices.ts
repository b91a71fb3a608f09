import { productName } from '../brand';

/** What the buyer is told about an order its supplier cannot receive on the platform yet. */
export const unreachableSupplierNotice = `This supplier cannot receive orders on ${productName} yet, so our team is reviewing this order and will contact you before it goes further.`;

/** What the buyer is told about an order held until the organisation can pay (part 3 §2.1: contact support). */
export const heldForPaymentNotice = `This order is waiting for payment information: add a credit card or bank account, or contact ${productName} support, and it goes to the supplier.`;

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day ('2026-12-01') as the spec's 'MMM d, yyyy' ('Dec 1, 2026'). */
export function mailDay(day: string | null): string {
  if (!day) return 'not set';
  const [year, month, date] = day.split('-').map(Number);
  return `${monthNames[month - 1]} ${date}, ${year}`;
}

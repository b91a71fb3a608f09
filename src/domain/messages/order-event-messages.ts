import type { MessageType } from './message-types';

export type Side = 'buyer' | 'supplier' | 'staff';

export type OrderEventNotice = { type: MessageType; to: Side[] };

const others = (actor: Side): Side[] => (['buyer', 'supplier'] as Side[]).filter((side) => side !== actor);

/**
 * Which order events become a message, of which type, to which sides (spec part 3 §2.5, issue 15).
 * Submission and the first purchase order are told by the cart's own messages (cart_submitted to the
 * buyer, new_order_received to each supplier); invoicing and deactivation are not messages.
 */
export function noticeOfOrderEvent(
  name: string,
  fromState: string | null,
  actor: Side,
): OrderEventNotice | null {
  switch (name) {
    case 'submit':
    case 'schedule_fulfillment':
    case 'ready_to_invoice':
    case 'invoice':
    case 'pay':
    case 'deactivate':
    case 'reactivate':
      return null;
    case 'send_purchase_order':
      if (fromState === 'submitted' || fromState === 'draft') return null;
      // An order held for payment information is new to its supplier when it is released.
      return fromState === 'needs_payment_info'
        ? { type: 'new_order_received', to: ['supplier'] }
        : { type: 'order_sent', to: ['supplier'] };
    case 'purchase_order_resent':
      // Staff re-sending the purchase order (Beehive sync) asks the supplier to answer it again.
      return { type: 'order_sent', to: ['supplier'] };
    case 'staff_review':
      return { type: 'order_needs_review', to: ['staff'] };
    case 'needs_payment_info':
      return { type: 'missing_payment_method', to: ['buyer'] };
    case 'confirm':
      return { type: 'order_confirmed', to: ['buyer'] };
    case 'propose_changes':
      return { type: 'supplier_requested_changes', to: ['buyer'] };
    case 'buyer_propose_changes':
      return { type: 'buyer_requested_date_change', to: ['supplier'] };
    case 'accept_proposal':
    case 'accept_proposal_for_delivery':
      return { type: 'order_changes_accepted', to: others(actor) };
    case 'reject_proposal':
      return { type: 'order_changes_rejected', to: [...others(actor), 'staff'] };
    case 'reject':
      return { type: 'order_rejected', to: ['buyer', 'staff'] };
    case 'fulfill':
      return { type: 'order_fulfilled', to: ['buyer'] };
    case 'cancel':
      return { type: 'order_cancelled', to: others(actor) };
    case 'contact_supplier':
      return { type: 'free_text_message', to: ['supplier'] };
    case 'swap_buyer':
    case 'swap_supplier':
      return { type: 'order_updated', to: ['buyer', 'supplier'] };
    default:
      return { type: 'order_updated', to: others(actor) };
  }
}

/** The sentence an order message reads as. */
export function orderNoticeText(
  type: MessageType,
  order: { orderNumber: string; name: string; supplierName: string; buyerName: string },
  payload: Record<string, unknown>,
): string {
  const ref = `order ${order.orderNumber} (${order.name})`;
  const reason = typeof payload.reason === 'string' && payload.reason ? ` Reason: ${payload.reason}.` : '';
  const comment = typeof payload.comment === 'string' && payload.comment ? ` "${payload.comment}"` : '';
  switch (type) {
    case 'new_order_received':
      return `New order received: ${order.buyerName} sent ${ref}.`;
    case 'order_sent':
      return `The purchase order for ${ref} was sent again. Please respond.`;
    case 'order_confirmed':
      return `${order.supplierName} confirmed ${ref}.`;
    case 'order_rejected':
      return `${order.supplierName} rejected ${ref}.${reason}${comment}`;
    case 'order_cancelled':
      return `${ref[0].toUpperCase()}${ref.slice(1)} was cancelled.${reason}`;
    case 'order_fulfilled':
      return `${order.supplierName} fulfilled ${ref}.`;
    case 'order_needs_review':
      return `${ref[0].toUpperCase()}${ref.slice(1)} needs review by staff.${reason}`;
    case 'missing_payment_method':
      return `${ref[0].toUpperCase()}${ref.slice(1)} is waiting for a payment method. Add one so the supplier can be paid.`;
    case 'supplier_requested_changes':
    case 'supplier_requested_date_change':
      return `${order.supplierName} proposed changes to ${ref}. Review them to keep the order moving.`;
    case 'buyer_requested_date_change':
      return `${order.buyerName} asked to change the date of ${ref}.${comment}`;
    case 'order_changes_accepted':
      return `The proposed changes to ${ref} were accepted.`;
    case 'order_changes_rejected':
      return `The proposed changes to ${ref} were rejected.${comment}`;
    case 'free_text_message': {
      const topic =
        typeof payload.contactReason === 'string' ? ` (${payload.contactReason.replaceAll('_', ' ')})` : '';
      return `${order.buyerName} wrote about ${ref}${topic}:${comment}`;
    }
    default: {
      const item = payload.item as { primaryName?: string; quantity?: number } | undefined;
      const removed = item?.primaryName ? ` ${item.quantity ?? ''} × ${item.primaryName} was removed.` : '';
      return `${ref[0].toUpperCase()}${ref.slice(1)} was updated.${removed}`;
    }
  }
}

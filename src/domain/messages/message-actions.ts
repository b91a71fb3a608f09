import type { MessageType } from './message-types';
import type { MessageAction } from './message-views';

/** Messages that carry a purchase order for the supplier to answer. */
const purchaseOrderTypes: readonly MessageType[] = ['new_order_received', 'order_sent'];
/** Messages that carry a change proposal for the other side to accept or reject. */
const proposalTypes: readonly MessageType[] = [
  'supplier_requested_changes',
  'supplier_requested_date_change',
  'buyer_requested_date_change',
];
/** The order states in which a proposal still waits for an answer. */
const awaitingStates = ['needs_buyer_review', 'needs_supplier_review'];

export type ActionContext = {
  messageType: MessageType;
  /** The order version the message was about. */
  version: number | null;
  /** Whether the caller's side received the message (the side that may answer it). */
  received: boolean;
  /** When the caller is the supplier of the order (may answer its purchase order). */
  supplier: boolean;
  /** The order as it is now, for order messages. */
  order: { state: string; version: number } | null;
  /** When the purchase order of the message's version was answered. */
  respondedAt: Date | null;
  hasCart: boolean;
  /** The freight or photo request of a request thread (issue 16). */
  request?: {
    id: number;
    respondedAt: Date | null;
    /** Staff (freight) or the branch's organisation and admins (photos) may answer it. */
    canAnswer: boolean;
    /** The photo reply is the caller's own and may still be undone. */
    canUndo?: boolean;
    /** The caller's organisation asked for the photos (may add the item to its cart). */
    requester?: boolean;
  } | null;
};

/**
 * The actions of freight and photo request threads (spec part 3 §2.5): 'Create Freight Estimate' for
 * staff until answered ('Freight Estimate Added'); 'Add Photos' for the branch until answered
 * ('Photos Added'); on the reply, 'Photos Sent' with 'Undo' for its sender while it may be removed, and
 * the cart adder for the organisation that asked.
 */
function requestActions(context: ActionContext): MessageAction[] | null {
  const request = context.request;
  if (!request) return null;
  const viewCart: MessageAction[] = context.hasCart
    ? [{ label: 'View Cart', target: 'cart', disabled: false }]
    : [];
  const viewOrder: MessageAction[] = context.order
    ? [{ label: 'View Order', target: 'order', disabled: false }]
    : [];
  switch (context.messageType) {
    case 'freight_quote_request':
      return [
        ...(request.canAnswer
          ? [
              request.respondedAt
                ? { label: 'Freight Estimate Added', target: null, disabled: true }
                : {
                    label: 'Create Freight Estimate',
                    target: 'freight_estimate',
                    disabled: false,
                    resourceId: request.id,
                  },
            ]
          : []),
        ...viewOrder,
        ...viewCart,
      ] as MessageAction[];
    case 'freight_quote_response':
      return [...viewOrder, ...viewCart];
    case 'photo_request':
      if (!request.canAnswer) return [];
      return request.respondedAt
        ? [{ label: 'Photos Added', target: null, disabled: true }]
        : [{ label: 'Add Photos', target: 'photo_reply', disabled: false, resourceId: request.id }];
    case 'photo_request_response':
      if (request.requester)
        return [{ label: 'Add to Cart', target: 'add_to_cart', disabled: false, resourceId: request.id }];
      if (request.canUndo)
        return [
          { label: 'Photos Sent', target: null, disabled: true },
          { label: 'Undo', target: 'photo_undo', disabled: false, resourceId: request.id },
        ];
      return [{ label: 'Photos Sent', target: null, disabled: true }];
    default:
      return null;
  }
}

/**
 * The call to action under a message (spec part 3 §2.5): 'Respond to Order' turns into 'Responded'
 * once the purchase order of that version is answered, and into 'View Order' once a newer version
 * exists; proposal actions only while the order is still at the message's version and waiting,
 * otherwise a disabled 'Responded'. Other order messages lead to the order, cart messages to the cart.
 */
export function messageActions(context: ActionContext): MessageAction[] {
  const { messageType, order } = context;
  if (messageType === 'free_text_message') return [];
  const forRequest = requestActions(context);
  if (forRequest) return forRequest;
  if (messageType === 'cart_submitted' || messageType === 'cart_transferred')
    return context.hasCart ? [{ label: 'View Cart', target: 'cart', disabled: false }] : [];
  if (!order) return [];
  const viewOrder: MessageAction = { label: 'View Order', target: 'order', disabled: false };
  const responded: MessageAction = { label: 'Responded', target: null, disabled: true };
  const current = context.version === null || context.version === order.version;
  if (purchaseOrderTypes.includes(messageType) && context.supplier) {
    if (!current) return [viewOrder];
    if (context.respondedAt) return [responded];
    return [{ label: 'Respond to Order', target: 'order', disabled: false }];
  }
  if (proposalTypes.includes(messageType) && context.received) {
    if (current && awaitingStates.includes(order.state))
      return [{ label: 'Review Changes', target: 'order', disabled: false }];
    return [responded];
  }
  return [viewOrder];
}

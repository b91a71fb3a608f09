import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderNowOf } from '../../../../domain/api-errors';
import { productName } from '../../../../domain/brand';
import {
  deactivateOrderSchema,
  staffEventLabels,
  versionReasonLabels,
} from '../../../../domain/orders/order-staff-actions';
import {
  type OrderEvent,
  type OrderState,
  orderTransitions,
  stateLabels,
} from '../../../../domain/orders/order-states';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { PageLoader } from '../../../shell/route-guards';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { useOrderParties } from '../../orders/api/order-api';
import {
  type AdminOrderDetail,
  type BranchOption,
  type StaffActionAnswer,
  useAdminOrder,
  useBranchOptions,
  useDeactivateOrder,
  useReactivateOrder,
  useStaffTransition,
  useSwapBuyer,
  useSwapSupplier,
} from '../api/admin-orders';
import { getUsersQueryOptions, type UserAdminView } from '../api/get-users';
import { AdminFrame } from '../components/admin-nav';
import { DateTime } from '../components/date-time';
import { DetailList } from '../components/detail-list';

/** Each move in plain words, for the staff Select and the events table. */
const eventLabels: Record<OrderEvent, string> = {
  submit: 'Submit',
  send_purchase_order: 'Send the purchase order to the supplier',
  staff_review: 'Hold for staff review',
  needs_payment_info: 'Hold for payment information',
  confirm: 'Confirm',
  propose_changes: 'Propose changes (supplier)',
  buyer_propose_changes: 'Propose changes (buyer)',
  accept_proposal: 'Accept the proposal',
  accept_proposal_for_delivery: 'Accept the proposal (delivery details next)',
  reject_proposal: 'Reject the proposal',
  reject: 'Reject the order',
  schedule_fulfillment: 'Schedule fulfilment',
  fulfill: 'Mark fulfilled',
  ready_to_invoice: 'Make ready to invoice',
  invoice: 'Mark invoiced',
  pay: 'Mark paid',
  cancel: 'Cancel the order',
};

const stateName = (state: string | null) => (state ? (stateLabels[state as OrderState] ?? state) : '—');
const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : formatMoney(cents);

/** One order as Beehive sees it: both sides, prices, history, and the moves staff may make. */
export function AdminOrderPage() {
  const orderNumber = useParams().orderNumber ?? '';
  const order = useAdminOrder(orderNumber);

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminOrders} size="sm">
        Orders
      </Anchor>
      <Text size="sm">{orderNumber}</Text>
    </Breadcrumbs>
  );

  if (order.isPending) {
    return (
      <AdminFrame title={`Order ${orderNumber}`}>
        {crumbs}
        <PageLoader />
      </AdminFrame>
    );
  }
  if (order.isError) {
    return (
      <AdminFrame title={`Order ${orderNumber}`}>
        {crumbs}
        <LoadErrorAlert
          title="Could not load this order"
          error={order.error}
          onRetry={() => order.refetch()}
        />
      </AdminFrame>
    );
  }

  const o = order.data;
  return (
    <AdminFrame title={`Order ${o.orderNumber}`}>
      {crumbs}
      <OrderHeader order={o} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h4" mb="md">
              Details
            </Title>
            <DetailList
              items={[
                {
                  label: 'Buyer',
                  value: (
                    <>
                      <Anchor component={Link} to={paths.adminUser(o.buyer.id)} inherit>
                        {o.buyer.fullName}
                      </Anchor>{' '}
                      ({o.buyer.organizationName}) ·{' '}
                      <Anchor href={`mailto:${o.buyer.email}`} inherit>
                        {o.buyer.email}
                      </Anchor>
                    </>
                  ),
                },
                { label: 'Supplier', value: `${o.supplier.organizationName} · ${o.supplier.branchName}` },
                { label: 'Submitted', value: <DateTime value={o.submittedAt} /> },
                { label: 'Fulfilment', value: o.pickup ? 'Pickup' : 'Delivery' },
                { label: 'Requested on', value: o.requestedOn ?? '—' },
                { label: 'Job', value: [o.jobNumber, o.jobPhase].filter(Boolean).join(' · ') || '—' },
                { label: 'Version', value: String(o.version) },
                { label: 'Total', value: money(o.total) },
              ]}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg" h="100%">
            <Title order={3} size="h4" mb="md">
              Move order
            </Title>
            <MoveOrderPanel order={o} onConflict={() => order.refetch()} />
          </Card>
        </Grid.Col>
      </Grid>
      <Card withBorder padding="lg" mt="md">
        <Title order={3} size="h4" mb="md">
          Staff actions
        </Title>
        <StaffActions order={o} onConflict={() => order.refetch()} />
      </Card>

      <Section title="Items">
        <ItemsTable order={o} />
      </Section>
      <Section title="Events">
        <EventsTable order={o} />
      </Section>
      <Section title="Versions">
        <Table.ScrollContainer minWidth={600}>
          <Table striped data-testid="order-versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Documents</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.versions.map((version) => (
                <Table.Tr key={version.version} data-testid="order-version-row">
                  <Table.Td>
                    {version.version}
                    {version.version === o.version ? ' (current)' : ''}
                  </Table.Td>
                  <Table.Td>
                    {version.reason ? (versionReasonLabels[version.reason] ?? version.reason) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={version.createdAt} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`${paths.orderDocument(o.id, 'purchase_order')}&version=${version.version}`}
                        size="sm"
                        data-testid="order-version-po"
                      >
                        Purchase order
                      </Anchor>
                      <Anchor
                        component={Link}
                        to={`${paths.orderDocument(o.id, 'bill_of_lading')}&version=${version.version}`}
                        size="sm"
                      >
                        Bill of lading
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {o.versions.length === 0 && <EmptyRow span={4} text="No versions yet." />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title="Supplier responses">
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="order-responses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Shipping</Table.Th>
                <Table.Th>Reason / comment</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.responses.map((response) => (
                <Table.Tr key={`${response.version}-${response.respondedAt}`}>
                  <Table.Td>{response.version}</Table.Td>
                  <Table.Td>{response.respondedWith.replaceAll('_', ' ')}</Table.Td>
                  <Table.Td>
                    {[
                      response.shippingMode,
                      response.shippingAmount !== null ? money(response.shippingAmount) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </Table.Td>
                  <Table.Td>
                    {[response.reason, response.comment].filter(Boolean).join(' — ') || '—'}
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={response.respondedAt} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {o.responses.length === 0 && <EmptyRow span={5} text="The supplier has not answered yet." />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title="Proposals">
        <ProposalsTable order={o} />
      </Section>
    </AdminFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" mt="xl">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function EmptyRow({ span, text }: { span: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function OrderHeader({ order }: { order: AdminOrderDetail }) {
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={2}>Order {order.orderNumber}</Title>
        <Badge variant="light" color={order.displayState.color} tt="none" data-testid="order-buyer-badge">
          {order.displayState.label}
        </Badge>
        {order.deactivated && (
          <Badge variant="filled" color="gray" tt="none" data-testid="order-deactivated-badge">
            Deactivated
          </Badge>
        )}
      </Group>
      <Text fw={500}>{order.name}</Text>
      <Text size="sm" data-testid="order-state">
        State: <strong>{stateName(order.state)}</strong> ({order.state})
      </Text>
      <Text c="dimmed" size="sm">
        {order.buyer.organizationName} buys from {order.supplier.organizationName} (
        {order.supplier.branchName}) ·{' '}
        <Anchor href={paths.order(order.id)} inherit>
          Open as the order page
        </Anchor>
      </Text>
      {order.deactivated && (
        <Alert color="gray" variant="light" mt="xs" data-testid="order-deactivated">
          Deactivated <DateTime value={order.deactivated.at} />: the order is out of the buyer's and the
          supplier's order lists and they cannot change it.
          {order.deactivated.reason && <> Reason: {order.deactivated.reason}</>}
        </Alert>
      )}
    </Stack>
  );
}

function ItemsTable({ order }: { order: AdminOrderDetail }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="order-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Buyer price</Table.Th>
            <Table.Th ta="right">Supplier price</Table.Th>
            <Table.Th ta="right">Book price</Table.Th>
            <Table.Th ta="right">Buyer total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.primaryName}
                </Text>
                <Text size="xs" c="dimmed">
                  {[item.secondaryName, item.size, item.unit].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{money(item.price)}</Table.Td>
              <Table.Td ta="right">{money(item.supplierPrice)}</Table.Td>
              <Table.Td ta="right">{money(item.bookPrice)}</Table.Td>
              <Table.Td ta="right">{money(item.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {(
            [
              ['Original subtotal', order.amounts.originalSubtotal],
              ['Discount', order.amounts.discountAmount],
              ['Subtotal', order.amounts.subtotal],
              ['Taxes', order.amounts.taxes],
              ['Shipping', order.amounts.shipping],
              ['Total', order.amounts.total],
            ] as const
          ).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td colSpan={5} ta="right">
                {label}
              </Table.Td>
              <Table.Td ta="right">{money(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function EventsTable({ order }: { order: AdminOrderDetail }) {
  // Names behind the events, when the order's parties answer (they name the users of the order).
  const parties = useOrderParties(order.id);
  const names = parties.data?.userNames ?? {};
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="order-events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>From → to</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <DateTime value={event.createdAt} />
              </Table.Td>
              <Table.Td>
                {eventLabels[event.name as OrderEvent] ??
                  staffEventLabels[event.name] ??
                  event.name.replaceAll('_', ' ')}
              </Table.Td>
              <Table.Td>
                {stateName(event.fromState)} → {stateName(event.toState)}
              </Table.Td>
              <Table.Td>
                {event.userId === null ? '—' : (names[String(event.userId)] ?? `User #${event.userId}`)}
              </Table.Td>
              <Table.Td>{event.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
          {order.events.length === 0 && <EmptyRow span={5} text="No events yet." />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProposalsTable({ order }: { order: AdminOrderDetail }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="order-proposals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Changes</Table.Th>
            <Table.Th>Comment</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.proposals.map((proposal) => {
            const comment = typeof proposal.proposal.comment === 'string' ? proposal.proposal.comment : null;
            const internal = comment?.startsWith('[internal]') ?? false;
            return (
              <Table.Tr key={proposal.id}>
                <Table.Td>
                  <DateTime value={proposal.createdAt} />
                </Table.Td>
                <Table.Td>{proposal.proposedBySide}</Table.Td>
                <Table.Td>{proposal.bailiwick === 'order_item' ? 'Item' : 'Fulfilment date'}</Table.Td>
                <Table.Td>{proposal.proposal.changes?.join(', ') ?? '—'}</Table.Td>
                <Table.Td>
                  {comment ? (
                    <Group gap={6} wrap="nowrap">
                      {internal && (
                        <Badge size="xs" color="gray" tt="none">
                          Staff only
                        </Badge>
                      )}
                      <Text size="sm">{comment}</Text>
                    </Group>
                  ) : (
                    '—'
                  )}
                  {proposal.decisionComment && (
                    <Text size="xs" c="dimmed">
                      Decision: {proposal.decisionComment}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{proposal.state}</Table.Td>
              </Table.Tr>
            );
          })}
          {order.proposals.length === 0 && <EmptyRow span={6} text="No proposals." />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MoveOrderPanel({ order, onConflict }: { order: AdminOrderDetail; onConflict: () => void }) {
  const transition = useStaffTransition(order.id);
  const [event, setEvent] = useState<OrderEvent | null>(null);
  const [reason, setReason] = useState('');
  const [sendCancelEmail, setSendCancelEmail] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (order.allowedEvents.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="move-order-none">
        No moves are open from {stateName(order.state)}.
      </Text>
    );
  }

  const submit = () => {
    if (!event) return;
    setMessage(null);
    transition.mutate(
      {
        event,
        expectedState: order.state,
        reason: reason.trim() || null,
        ...(event === 'cancel' ? { sendCancelEmail } : {}),
      },
      {
        onSuccess: (updated) => {
          setDone(`The order is now ${stateName(updated.state)}.`);
          setEvent(null);
          setReason('');
          setSendCancelEmail(false);
          setConfirming(false);
        },
        onError: (error) => {
          setConfirming(false);
          if (error instanceof ApiError && error.status === 409) {
            setMessage(
              `Someone changed this order first: it is now ${stateName(orderNowOf(error)?.state ?? null)}.`,
            );
            setEvent(null);
            onConflict();
          } else {
            setMessage(error.message);
          }
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="move-order">
      {done && (
        <Alert color="green" data-testid="move-order-done">
          {done}
        </Alert>
      )}
      {message && (
        <Alert color="red" data-testid="move-order-error">
          {message}
        </Alert>
      )}
      <Select
        label="Move"
        placeholder="Choose a move"
        data={order.allowedEvents.map((value) => ({
          value,
          label: `${eventLabels[value]} → ${stateName(orderTransitions[value].to)}`,
        }))}
        value={event}
        onChange={(value) => {
          setEvent(value as OrderEvent | null);
          setConfirming(false);
        }}
        disabled={transition.isPending}
        data-testid="move-order-event"
      />
      <Textarea
        label="Reason (optional)"
        autosize
        minRows={2}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        disabled={transition.isPending}
        data-testid="move-order-reason"
      />
      {event === 'cancel' && (
        <Checkbox
          label="E-mail the buyer and the supplier"
          checked={sendCancelEmail}
          onChange={(e) => setSendCancelEmail(e.currentTarget.checked)}
          data-testid="move-order-cancel-email"
        />
      )}
      {confirming && event ? (
        <Stack gap="xs">
          <Text size="sm">
            Move this order from <strong>{stateName(order.state)}</strong> to{' '}
            <strong>{stateName(orderTransitions[event].to)}</strong>?
          </Text>
          <Group gap="sm">
            <Button onClick={submit} loading={transition.isPending} data-testid="move-order-confirm">
              Yes, move it
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)} disabled={transition.isPending}>
              Back
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button
            disabled={!event}
            onClick={() => {
              setDone(null);
              setConfirming(true);
            }}
            data-testid="move-order-submit"
          >
            Move order
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type StaffAction = 'deactivate' | 'reactivate' | 'swap_buyer' | 'swap_supplier';

/**
 * What staff are told when their action lost a race: the order as it is now (the page refetches it),
 * so they decide again on what they can see.
 */
function conflictText(error: ApiError) {
  const order = orderNowOf(error);
  const state = order ? stateName(order.state) : null;
  const now = [state, order && `version ${order.version}`].filter(Boolean).join(', ');
  // A stale version needs no more words; other conflicts (already deactivated…) say what happened.
  const detail = error.code === 'stale_version' ? '' : ` ${error.message}`;
  return `Someone changed this order first${now ? `: it is now ${now}` : ''}.${detail} The page shows the order as it is now; check it and try again.`;
}

/** Deactivate / reactivate, swap buyer and swap supplier, each behind its own confirmation dialog. */
function StaffActions({ order, onConflict }: { order: AdminOrderDetail; onConflict: () => void }) {
  const [open, setOpen] = useState<StaffAction | null>(null);
  const [done, setDone] = useState<{ text: string; unlisted: StaffActionAnswer['unlistedItems'] } | null>(
    null,
  );
  const [conflict, setConflict] = useState<string | null>(null);

  const finished = (text: string, answer?: StaffActionAnswer) => {
    setOpen(null);
    setConflict(null);
    setDone({ text, unlisted: answer?.unlistedItems ?? [] });
  };
  const failed = (error: Error) => {
    if (error instanceof ApiError && error.status === 409) {
      setOpen(null);
      setDone(null);
      setConflict(conflictText(error));
      onConflict();
      return true;
    }
    return false;
  };
  const start = (action: StaffAction) => {
    setDone(null);
    setConflict(null);
    setOpen(action);
  };

  return (
    <Stack gap="sm" data-testid="staff-actions">
      {done && (
        <Alert color="green" data-testid="staff-action-done">
          {done.text}
          {done.unlisted && done.unlisted.length > 0 && (
            <>
              <Text size="sm" mt="xs" fw={600}>
                The new branch does not list these items; they kept their prices:
              </Text>
              <List size="sm" data-testid="staff-action-unlisted">
                {done.unlisted.map((item) => (
                  <List.Item key={item.orderItemId}>
                    {item.primaryName}
                    {item.size ? ` (${item.size})` : ''}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {conflict && (
        <Alert color="red" data-testid="staff-action-conflict">
          {conflict}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          variant="default"
          disabled={!order.canSwapParties}
          onClick={() => start('swap_buyer')}
          data-testid="swap-buyer-open"
        >
          Swap buyer
        </Button>
        <Button
          variant="default"
          disabled={!order.canSwapParties}
          onClick={() => start('swap_supplier')}
          data-testid="swap-supplier-open"
        >
          Swap supplier
        </Button>
        {order.deactivated ? (
          <Button variant="light" onClick={() => start('reactivate')} data-testid="reactivate-open">
            Reactivate order
          </Button>
        ) : (
          <Button
            variant="light"
            color="red"
            onClick={() => start('deactivate')}
            data-testid="deactivate-open"
          >
            Deactivate order
          </Button>
        )}
      </Group>
      {!order.canSwapParties && (
        <Text size="xs" c="dimmed">
          An order that is {stateName(order.state)} keeps its buyer and supplier.
        </Text>
      )}
      <ActivationModal
        order={order}
        action={open === 'deactivate' || open === 'reactivate' ? open : null}
        onClose={() => setOpen(null)}
        onDone={(text) => finished(text)}
        onConflict={failed}
      />
      <SwapBuyerModal
        order={order}
        opened={open === 'swap_buyer'}
        onClose={() => setOpen(null)}
        onDone={finished}
        onConflict={failed}
      />
      <SwapSupplierModal
        order={order}
        opened={open === 'swap_supplier'}
        onClose={() => setOpen(null)}
        onDone={finished}
        onConflict={failed}
      />
    </Stack>
  );
}

type ModalProps = {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (text: string, answer?: StaffActionAnswer) => void;
  /** True when the failure was a conflict the panel now shows. */
  onConflict: (error: Error) => boolean;
};

/** Deactivate or reactivate, with the reason the event keeps. */
function ActivationModal({
  order,
  action,
  onClose,
  onDone,
  onConflict,
}: ModalProps & { action: 'deactivate' | 'reactivate' | null }) {
  const deactivate = useDeactivateOrder(order.id);
  const reactivate = useReactivateOrder(order.id);
  const mutation = action === 'reactivate' ? reactivate : deactivate;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!action) return;
    const parsed = deactivateOrderSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a reason for this order');
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setReason('');
        setError(null);
        onDone(
          action === 'deactivate'
            ? `Order ${order.orderNumber} is deactivated.`
            : `Order ${order.orderNumber} is active again.`,
        );
      },
      onError: (failure) => {
        if (!onConflict(failure)) setError(failure.message);
      },
    });
  };
  const deactivating = action === 'deactivate';
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={
        deactivating ? `Deactivate order ${order.orderNumber}?` : `Reactivate order ${order.orderNumber}?`
      }
      centered
    >
      <form onSubmit={submit} data-testid="activation-form">
        <Stack gap="md">
          <Text size="sm">
            {deactivating
              ? `The order leaves the buyer's and the supplier's order lists and neither can change it until ${productName} staff reactivate it. Its state stays ${stateName(order.state)}.`
              : "The order shows in the buyer's and the supplier's order lists again and they can act on it."}
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            data-autofocus
            data-testid="activation-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Back
            </Button>
            <Button
              type="submit"
              color={deactivating ? 'red' : undefined}
              loading={mutation.isPending}
              data-testid="activation-confirm"
            >
              {deactivating ? 'Deactivate order' : 'Reactivate order'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Gives the order to another buyer: choose the buyer, then confirm. */
function SwapBuyerModal({ order, opened, onClose, onDone, onConflict }: ModalProps & { opened: boolean }) {
  const swap = useSwapBuyer(order.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<UserAdminView | null>(null);
  const userLabel = (user: UserAdminView) =>
    `${user.fullName} (${user.organizationName ?? 'no company'}) · ${user.email}`;
  // Choosing an option puts its label in the search box; that is not a new search.
  const term = chosen && debounced === userLabel(chosen) ? '' : debounced;
  const users = useQuery({
    ...getUsersQueryOptions({ query: term, status: null, page: 1, perPage: 20 }),
    enabled: opened,
  });
  const [updatePricing, setUpdatePricing] = useState(false);
  const [sendEmail, setSendEmail] = useState(true);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const found = (users.data?.results ?? []).filter((user) => user.id !== order.buyer.id);
  const candidates = chosen && !found.some((user) => user.id === chosen.id) ? [chosen, ...found] : found;
  const close = () => {
    setConfirming(false);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!chosen) return;
    swap.mutate(
      { version: order.version, buyerId: chosen.id, updatePricing, sendEmail, reason: reason.trim() || null },
      {
        onSuccess: (answer) => {
          setChosen(null);
          setSearch('');
          setReason('');
          setConfirming(false);
          onDone(
            `Order ${order.orderNumber} now belongs to ${chosen.fullName} (${chosen.organizationName ?? 'no company'}), version ${answer.version}.`,
            answer,
          );
        },
        onError: (failure) => {
          setConfirming(false);
          if (!onConflict(failure)) setError(failure.message);
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Swap buyer of order ${order.orderNumber}`}
      centered
      size="lg"
    >
      <Stack gap="md" data-testid="swap-buyer-form">
        <Text size="sm">
          Now: {order.buyer.fullName} ({order.buyer.organizationName}). The order gets a new version and the
          new buyer's company sees it instead.
        </Text>
        <Select
          label="New buyer"
          placeholder="Search by name or e-mail"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={users.isFetching ? 'Searching…' : 'No users match'}
          data={candidates.map((user) => ({
            value: String(user.id),
            label: userLabel(user),
            disabled: user.organizationId === null,
          }))}
          value={chosen ? String(chosen.id) : null}
          onChange={(value) => {
            setChosen(candidates.find((user) => String(user.id) === value) ?? null);
            setConfirming(false);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-testid="swap-buyer-user"
        />
        <Checkbox
          label="Update pricing"
          description="Price the items for the new buyer's company at the same branch."
          checked={updatePricing}
          onChange={(e) => setUpdatePricing(e.currentTarget.checked)}
        />
        <Checkbox
          label="E-mail the old buyer, the new buyer and the supplier"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.currentTarget.checked)}
        />
        <Textarea
          label="Reason (optional)"
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {confirming && chosen ? (
          <Alert color="blue" data-testid="swap-buyer-confirm-text">
            Give order {order.orderNumber} to {chosen.fullName} ({chosen.organizationName})? This makes
            version {order.version + 1}
            {updatePricing ? ' with their prices' : ''}.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={confirming ? () => setConfirming(false) : close}
            disabled={swap.isPending}
          >
            Back
          </Button>
          {confirming ? (
            <Button onClick={submit} loading={swap.isPending} data-testid="swap-buyer-confirm">
              Yes, swap buyer
            </Button>
          ) : (
            <Button disabled={!chosen} onClick={() => setConfirming(true)} data-testid="swap-buyer-submit">
              Swap buyer
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Moves the order to another branch: choose the branch (those listing most of its sizes first), then confirm. */
function SwapSupplierModal({ order, opened, onClose, onDone, onConflict }: ModalProps & { opened: boolean }) {
  const swap = useSwapSupplier(order.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<BranchOption | null>(null);
  const [itemsCountSeen, setItemsCountSeen] = useState(order.items.length);
  const branchLabel = (branch: BranchOption, count: number) =>
    `${branch.organizationName} · ${branch.name} (lists ${branch.listedItems} of ${count})`;
  // Choosing an option puts its label in the search box; that is not a new search.
  const term = chosen && debounced === branchLabel(chosen, itemsCountSeen) ? '' : debounced;
  const options = useBranchOptions(order.id, term, opened);
  const [updatePricing, setUpdatePricing] = useState(true);
  const [sendEmail, setSendEmail] = useState(true);
  const [supplierNote, setSupplierNote] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const itemsCount = options.data?.itemsCount ?? itemsCountSeen;
  const found = options.data?.results ?? [];
  const branches = chosen && !found.some((branch) => branch.id === chosen.id) ? [chosen, ...found] : found;
  const close = () => {
    setConfirming(false);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!chosen) return;
    swap.mutate(
      {
        version: order.version,
        branchId: chosen.id,
        updatePricing,
        sendEmail,
        supplierNote: supplierNote.trim() || null,
        reason: reason.trim() || null,
      },
      {
        onSuccess: (answer) => {
          setChosen(null);
          setSearch('');
          setSupplierNote('');
          setReason('');
          setConfirming(false);
          onDone(
            `Order ${order.orderNumber} moved to ${chosen.organizationName} · ${chosen.name}, version ${answer.version}.`,
            answer,
          );
        },
        onError: (failure) => {
          setConfirming(false);
          if (!onConflict(failure)) setError(failure.message);
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Swap supplier of order ${order.orderNumber}`}
      centered
      size="lg"
    >
      <Stack gap="md" data-testid="swap-supplier-form">
        <Text size="sm">
          Now: {order.supplier.organizationName} · {order.supplier.branchName}. The order gets a new version;
          the new branch's supplier sees it instead, and proposals still open are withdrawn.
        </Text>
        <Select
          label="New branch"
          placeholder="Search by branch or company"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={options.isFetching ? 'Searching…' : 'No branches match'}
          data={branches.map((branch) => ({
            value: String(branch.id),
            label: branchLabel(branch, itemsCount),
          }))}
          value={chosen ? String(chosen.id) : null}
          onChange={(value) => {
            setChosen(branches.find((branch) => String(branch.id) === value) ?? null);
            setItemsCountSeen(itemsCount);
            setConfirming(false);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-testid="swap-supplier-branch"
        />
        <Checkbox
          label="Update pricing"
          description="Price the items from the new branch's listings of the same sizes; items it does not list keep their price."
          checked={updatePricing}
          onChange={(e) => setUpdatePricing(e.currentTarget.checked)}
          data-testid="swap-supplier-pricing"
        />
        <Checkbox
          label="E-mail the buyer and both suppliers"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.currentTarget.checked)}
        />
        <Textarea
          label="Supplier note"
          description="Sent to the new supplier with the order."
          autosize
          minRows={2}
          maxLength={2000}
          value={supplierNote}
          onChange={(e) => setSupplierNote(e.currentTarget.value)}
          data-testid="swap-supplier-note"
        />
        <Textarea
          label="Reason (optional)"
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="swap-supplier-reason"
        />
        {confirming && chosen ? (
          <Alert color="blue" data-testid="swap-supplier-confirm-text">
            Move order {order.orderNumber} from {order.supplier.branchName} to {chosen.name}? This makes
            version {order.version + 1}
            {updatePricing ? ` with its prices (it lists ${chosen.listedItems} of ${itemsCount} items)` : ''}.
            {order.state !== 'purchase_order_sent' && order.state !== 'submitted' && (
              <>
                {' '}
                The order stays {stateName(order.state)}: for the new supplier to answer its purchase order,
                move it to waiting for the supplier afterwards.
              </>
            )}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={confirming ? () => setConfirming(false) : close}
            disabled={swap.isPending}
          >
            Back
          </Button>
          {confirming ? (
            <Button onClick={submit} loading={swap.isPending} data-testid="swap-supplier-confirm">
              Yes, swap supplier
            </Button>
          ) : (
            <Button disabled={!chosen} onClick={() => setConfirming(true)} data-testid="swap-supplier-submit">
              Swap supplier
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

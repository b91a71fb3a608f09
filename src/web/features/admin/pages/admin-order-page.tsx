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
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
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
import { type AdminOrderDetail, useAdminOrder, useStaffTransition } from '../api/admin-orders';
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

      <Section title="Items">
        <ItemsTable order={o} />
      </Section>
      <Section title="Events">
        <EventsTable order={o} />
      </Section>
      <Section title="Versions">
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="order-versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.versions.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>{version.reason ?? '—'}</Table.Td>
                  <Table.Td>
                    <DateTime value={version.createdAt} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {o.versions.length === 0 && <EmptyRow span={3} text="No versions yet." />}
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
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="order-events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>From → to</Table.Th>
            <Table.Th>Who</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <DateTime value={event.createdAt} />
              </Table.Td>
              <Table.Td>{eventLabels[event.name as OrderEvent] ?? event.name.replaceAll('_', ' ')}</Table.Td>
              <Table.Td>
                {stateName(event.fromState)} → {stateName(event.toState)}
              </Table.Td>
              <Table.Td>
                {event.userId === null ? '—' : (names[String(event.userId)] ?? `User #${event.userId}`)}
              </Table.Td>
            </Table.Tr>
          ))}
          {order.events.length === 0 && <EmptyRow span={4} text="No events yet." />}
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
              `Someone changed this order first: it is now ${stateName(error.fields.state ?? null)}.`,
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

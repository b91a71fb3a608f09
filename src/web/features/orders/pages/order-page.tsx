import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Collapse,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconChevronRight,
  IconDownload,
  IconFileText,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import { staffEventLabels, versionReasonLabels } from '../../../../domain/orders/order-staff-actions';
import { type OrderEvent, orderEvents } from '../../../../domain/orders/order-states';
import { orderTimeline, type TimelineStep } from '../../../../domain/orders/order-timeline';
import { ApiError, downloadFile, genericErrorMessage } from '../../../api/client';
import { useFeatures } from '../../../api/features';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { showError } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import {
  type OrderDetail,
  type OrderDocumentType,
  type OrderItemDetail,
  type OrderParties,
  orderDocumentApiPath,
  orderDocumentTypes,
  useOrder,
  useOrderParties,
} from '../api/order-api';
import { OrderActions } from '../components/order-actions';

function useOrderIdParam(): number | null {
  const { id = '' } = useParams();
  const value = Number(id);
  return /^\d+$/.test(id) && value > 0 ? value : null;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : genericErrorMessage;

const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** A date-only value (YYYY-MM-DD) without a time-zone shift. */
const formatCalendarDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

const eventLabels: Partial<Record<OrderEvent, string>> = {
  submit: 'Submitted the order',
  send_purchase_order: 'Sent the purchase order to the supplier',
  staff_review: `Held the order for ${productName} review`,
  needs_payment_info: 'Held the order for payment information',
  confirm: 'Confirmed the order',
  propose_changes: 'Proposed changes',
  buyer_propose_changes: 'Proposed a date change',
  accept_proposal: 'Accepted the proposed changes',
  accept_proposal_for_delivery: 'Accepted the proposed changes',
  reject_proposal: 'Rejected the proposed changes',
  reject: 'Rejected the order',
  schedule_fulfillment: 'Scheduled fulfilment',
  fulfill: 'Fulfilled the order',
  ready_to_invoice: 'Made the order ready to invoice',
  invoice: 'Invoiced the order',
  pay: 'Paid the invoice',
  cancel: 'Cancelled the order',
};
const eventLabel = (name: string) =>
  (orderEvents as readonly string[]).includes(name)
    ? eventLabels[name as OrderEvent]
    : (staffEventLabels[name] ?? name.replace(/_/g, ' '));

/** /orders/{id}: one order for its buyer, the branch's supplier or an admin. */
export function OrderPage() {
  const id = useOrderIdParam();
  const order = useOrder(id);
  const parties = useOrderParties(id, order.isSuccess);
  if (id === null) return <NotFoundContent />;
  if (order.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the order" />
      </Group>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFoundContent />;
    return (
      <Box maw={720} mx="auto" p="md">
        <LoadErrorAlert
          title="Could not load this order"
          error={order.error}
          onRetry={() => order.refetch()}
        />
      </Box>
    );
  }
  return <OrderView order={order.data} parties={parties.data ?? null} />;
}

function OrderView({ order, parties }: { order: OrderDetail; parties: OrderParties | null }) {
  const supplierView = order.audience === 'supplier';
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <OrderHeader order={order} parties={parties} />
        {order.deactivated && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="order-deactivated"
          >
            <Text size="sm" fw={600}>
              {productName} deactivated this order on {formatDay(order.deactivated.at)}.
            </Text>
            <Text size="sm">
              It no longer appears in the order lists and cannot be changed. Contact {productName} if you have
              questions.
            </Text>
            {order.deactivated.reason && (
              <Text size="sm" mt={4}>
                Reason: {order.deactivated.reason}
              </Text>
            )}
          </Alert>
        )}
        <OrderActions order={order} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Box>
            <OrderTimelineCard order={order} />
          </Box>
          <Stack gap="md" style={{ minWidth: 0 }}>
            <FulfillmentCard order={order} parties={parties} />
            {order.buyerToSupplierNotes?.trim() && (
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="xs">
                  {supplierView ? 'Notes from the buyer' : 'Notes to the supplier'}
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="order-buyer-notes">
                  {order.buyerToSupplierNotes}
                </Text>
              </Paper>
            )}
          </Stack>
          <Stack gap="md" style={{ minWidth: 0 }}>
            <AmountsCard order={order} />
            <DocumentsCard order={order} />
          </Stack>
        </SimpleGrid>
        <ItemsCard order={order} />
        <VersionsCard order={order} />
        <HistoryCard order={order} parties={parties} />
      </Stack>
    </Container>
  );
}

function OrderHeader({ order, parties }: { order: OrderDetail; parties: OrderParties | null }) {
  const counterpart = (() => {
    if (!parties) return null;
    // Branch names often already start with the company's name ('Blue Ridge Growers - Greenville').
    const supplier = parties.branchName.startsWith(parties.supplierOrganizationName)
      ? parties.branchName
      : `${parties.supplierOrganizationName} - ${parties.branchName}`;
    if (order.audience === 'supplier')
      return `Buyer: ${parties.buyerOrganizationName} (${parties.buyerFullName})`;
    if (order.audience === 'buyer') return `Supplier: ${supplier}`;
    return `Buyer: ${parties.buyerOrganizationName} · Supplier: ${supplier}`;
  })();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2">
            Order {order.orderNumber}
          </Title>
          <Badge variant="light" size="lg" color={order.displayState.color} data-testid="order-state-badge">
            {order.displayState.label}
          </Badge>
        </Group>
        <Text fw={600}>{order.name}</Text>
        {counterpart && (
          <Text size="sm" data-testid="order-counterpart">
            {counterpart}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {[
            `Submitted ${formatDay(order.submittedAt)}`,
            `Version ${order.version}`,
            order.jobNumber && `Job # ${order.jobNumber}`,
            order.jobPhase && `Phase ${order.jobPhase}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}

const stepColor = (step: TimelineStep) => {
  if (step.status === 'flagged')
    return step.key === 'cancelled' || step.key === 'rejected' ? 'red' : 'orange';
  if (step.status === 'done') return 'green';
  if (step.status === 'current') return 'blue';
  return 'gray';
};

function OrderTimelineCard({ order }: { order: OrderDetail }) {
  const steps = orderTimeline(
    order.audience === 'supplier' ? 'supplier' : 'buyer',
    { state: order.state, fulfillment: order.fulfillment, freightPending: order.freightPending },
    order.events,
  );
  const [open, setOpen] = useState<Set<string>>(
    () =>
      new Set(
        steps.filter((step) => step.status === 'current' || step.status === 'flagged').map((s) => s.key),
      ),
  );
  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const active = steps.reduce((last, step, index) => (step.status === 'upcoming' ? last : index), -1);
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={2} size="h4" mb="sm">
        Progress
      </Title>
      <Timeline active={active} bulletSize={22} lineWidth={2} color="green" data-testid="order-timeline">
        {steps.map((step) => {
          const expanded = open.has(step.key);
          const color = stepColor(step);
          return (
            <Timeline.Item
              key={step.key}
              color={color}
              lineVariant={step.status === 'upcoming' ? 'dashed' : 'solid'}
              bullet={
                step.status === 'done' ? (
                  <IconCheck size={13} />
                ) : step.status === 'flagged' ? (
                  <IconAlertTriangle size={13} />
                ) : null
              }
              data-testid="order-timeline-step"
              data-step={step.key}
              data-status={step.status}
              title={
                <UnstyledButton
                  onClick={() => toggle(step.key)}
                  aria-expanded={expanded}
                  w="100%"
                  style={{ display: 'flex', alignItems: 'center', gap: 4 }}
                >
                  {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  <Text
                    component="span"
                    fw={step.status === 'upcoming' ? 400 : 600}
                    c={step.status === 'flagged' ? color : step.status === 'upcoming' ? 'dimmed' : undefined}
                    size="sm"
                  >
                    {step.label}
                  </Text>
                </UnstyledButton>
              }
            >
              {step.at && (
                <Text size="xs" c="dimmed">
                  {formatDateTime(step.at)}
                </Text>
              )}
              <Collapse expanded={expanded}>
                <Text size="sm" c={step.status === 'flagged' ? color : 'dimmed'} mt={2}>
                  {step.description}
                </Text>
              </Collapse>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}

function FulfillmentCard({ order, parties }: { order: OrderDetail; parties: OrderParties | null }) {
  const { isOn } = useFeatures();
  const address = order.deliveryAddress;
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-fulfillment">
      <Group gap="xs" mb="xs">
        <IconTruckDelivery size={18} />
        <Title order={2} size="h4">
          {order.fulfillment === 'pickup' ? 'Pickup' : 'Delivery'}
        </Title>
      </Group>
      <Stack gap={2}>
        {order.requestedOn && (
          <Text size="sm">
            {order.fulfillment === 'pickup' ? 'Pickup date' : 'Requested delivery'}:{' '}
            {formatCalendarDay(order.requestedOn)}
          </Text>
        )}
        {order.fulfillment === 'pickup' ? (
          <>
            <Text size="sm" fw={600}>
              Pickup at {parties?.branchName ?? 'the branch'}
            </Text>
            {parties?.branchAddress.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </>
        ) : address ? (
          <Box component="address" style={{ fontStyle: 'normal' }} data-testid="order-delivery-address">
            <Text size="sm" fw={600}>
              Delivery to {address.name}
            </Text>
            <Text size="sm">{address.street1}</Text>
            {address.street2 && <Text size="sm">{address.street2}</Text>}
            <Text size="sm">
              {address.city}, {address.state} {address.postalCode}
            </Text>
            {address.phone && <Text size="sm">{address.phone}</Text>}
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            No delivery address yet
          </Text>
        )}
        {order.fulfillment === 'delivery' &&
          isOn('DELIVERY_INSTRUCTIONS') &&
          order.deliveryInstructions?.trim() && (
            <Box mt="xs" data-testid="order-delivery-instructions">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                Delivery instructions
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {order.deliveryInstructions}
              </Text>
            </Box>
          )}
      </Stack>
    </Paper>
  );
}

const amountLabels = [
  ['originalSubtotal', 'Original subtotal'],
  ['discountAmount', 'Discount'],
  ['subtotal', 'Subtotal'],
  ['shipping', 'Shipping'],
  ['taxes', 'Estimated tax'],
] as const;

function AmountsCard({ order }: { order: OrderDetail }) {
  const { amounts } = order;
  const hasDiscount = (amounts.discountAmount ?? 0) !== 0;
  const lines = amountLabels.filter(([key]) => {
    const value = amounts[key];
    if (value === undefined || value === null) return false;
    if ((key === 'originalSubtotal' || key === 'discountAmount') && !hasDiscount) return false;
    return true;
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="order-amounts">
      <Title order={2} size="h4" mb="xs">
        {order.audience === 'supplier' ? 'What you receive' : 'Amounts'}
      </Title>
      <Stack gap={4}>
        {lines.map(([key, label]) => (
          <Group key={key} justify="space-between" wrap="nowrap">
            <Text size="sm">{label}</Text>
            <Text size="sm">
              {key === 'discountAmount'
                ? `-${formatMoney(amounts[key] ?? 0)}`
                : formatMoney(amounts[key] ?? 0)}
            </Text>
          </Group>
        ))}
        <Group
          justify="space-between"
          wrap="nowrap"
          pt={4}
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="order-total">
            {formatMoney(amounts.total ?? order.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

const documentLabels: Record<OrderDocumentType, string> = {
  purchase_order: 'Purchase order (PDF)',
  bill_of_lading: 'Bill of lading (PDF)',
};

function DocumentsCard({ order }: { order: OrderDetail }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Documents
      </Title>
      <Stack gap="xs">
        {orderDocumentTypes.map((type) => (
          <Button
            key={type}
            component={Link}
            to={paths.orderDocument(order.id, type)}
            variant="default"
            leftSection={<IconFileText size={16} />}
            justify="flex-start"
          >
            {documentLabels[type]}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}

/** Every version of the order, newest first, each with its own purchase order and bill of lading. */
function VersionsCard({ order }: { order: OrderDetail }) {
  const versions = [...(order.versions ?? [])].reverse();
  if (versions.length === 0) return null;
  const documentPath = (type: OrderDocumentType, version: number) =>
    `${paths.orderDocument(order.id, type)}&version=${version}`;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Versions
      </Title>
      <Stack gap={0} data-testid="order-versions">
        {versions.map((entry, index) => (
          <Group
            key={entry.version}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py={6}
            data-testid="order-version-row"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
          >
            <Box>
              <Text size="sm" fw={600}>
                Version {entry.version}
                {entry.version === order.version ? ' (current)' : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {versionReasonLabels[entry.reason] ?? entry.reason.replace(/_/g, ' ')} ·{' '}
                {formatDateTime(entry.createdAt)}
              </Text>
            </Box>
            <Group gap="md">
              <Anchor
                component={Link}
                to={documentPath('purchase_order', entry.version)}
                size="sm"
                data-testid="order-version-po"
              >
                Purchase order
              </Anchor>
              <Anchor component={Link} to={documentPath('bill_of_lading', entry.version)} size="sm">
                Bill of lading
              </Anchor>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The viewer's prices: what the supplier receives, or what the buyer pays. */
function pricesOf(order: OrderDetail, item: OrderItemDetail) {
  if (order.audience === 'supplier') {
    return { unit: item.supplierPrice ?? null, total: item.totalSupplierPrice ?? null };
  }
  return { unit: item.price ?? null, total: item.total ?? null };
}

function ItemDescription({ item }: { item: OrderItemDetail }) {
  const details = [item.size, ...item.characteristics].filter(Boolean).join(', ');
  return (
    <>
      <Text size="sm" fw={600}>
        {item.primaryName}
      </Text>
      {item.secondaryName && (
        <Text size="xs" c="dimmed">
          {item.secondaryName}
        </Text>
      )}
      {details && <Text size="xs">{details}</Text>}
      {item.sharedNotes && (
        <Text size="xs" c="dimmed" fs="italic">
          {item.sharedNotes}
        </Text>
      )}
    </>
  );
}

const quantityText = (item: OrderItemDetail) =>
  `${item.quantity.toLocaleString('en-US')} ${item.unit === 'each' ? 'ea' : item.unit}`;
const unitPriceText = (unit: number | null) => (unit === null ? 'To be priced' : formatMoney(unit));
const lineTotalText = (prices: { unit: number | null; total: number | null }) =>
  prices.total === null || prices.unit === null ? '-' : formatMoney(prices.total);

function ItemsCard({ order }: { order: OrderDetail }) {
  // On phones each line stacks; wider screens get the table.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Items ({order.items.length})
      </Title>
      {narrow ? (
        <Stack gap={0} data-testid="order-items">
          {order.items.map((item, index) => {
            const prices = pricesOf(order, item);
            return (
              <Box
                key={item.id}
                py="sm"
                data-testid="order-item-row"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
              >
                <ItemDescription item={item} />
                <Group justify="space-between" mt={6} wrap="nowrap" gap="xs">
                  <Text size="sm">{quantityText(item)}</Text>
                  <Text size="sm" c="dimmed">
                    × <span data-testid="order-item-price">{unitPriceText(prices.unit)}</span>
                  </Text>
                  <Text size="sm" fw={600} data-testid="order-item-total">
                    {lineTotalText(prices)}
                  </Text>
                </Group>
              </Box>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="order-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => {
                const prices = pricesOf(order, item);
                return (
                  <Table.Tr key={item.id} data-testid="order-item-row">
                    <Table.Td>
                      <ItemDescription item={item} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {quantityText(item)}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="order-item-price">
                      {unitPriceText(prices.unit)}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="order-item-total">
                      {lineTotalText(prices)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function HistoryCard({ order, parties }: { order: OrderDetail; parties: OrderParties | null }) {
  const events = [...order.events].reverse();
  const withVersions = events.some((event) => event.version !== undefined);
  const narrow = useMediaQuery('(max-width: 36em)');
  const who = (userId: number | null) =>
    userId === null ? productName : (parties?.userNames[String(userId)] ?? (parties ? productName : ''));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        History
      </Title>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing has happened to this order yet.
        </Text>
      ) : narrow ? (
        <Stack gap={0} data-testid="order-history">
          {events.map((event, index) => (
            <Box
              key={event.id}
              py={6}
              data-testid="order-history-row"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            >
              <Text size="sm">{eventLabel(event.name)}</Text>
              <Text size="xs" c="dimmed">
                {[
                  formatDateTime(event.createdAt),
                  who(event.userId),
                  event.version !== undefined && `Version ${event.version}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={withVersions ? 480 : 360}>
          <Table verticalSpacing={6} data-testid="order-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Who</Table.Th>
                {withVersions && <Table.Th>Version</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id} data-testid="order-history-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.createdAt)}</Table.Td>
                  <Table.Td>{eventLabel(event.name)}</Table.Td>
                  <Table.Td>{who(event.userId)}</Table.Td>
                  {withVersions && <Table.Td>{event.version ?? '-'}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** /downloads/{id}/order_document?type=purchase_order|bill_of_lading: fetches the PDF with the token. */
export function OrderDocumentDownloadPage() {
  const id = useOrderIdParam();
  const [params] = useSearchParams();
  const requested = params.get('type');
  const type = orderDocumentTypes.find((entry) => entry === requested) ?? null;
  const versionParam = params.get('version');
  const version = versionParam && /^\d+$/.test(versionParam) ? Number(versionParam) : undefined;
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const start = useCallback(async () => {
    if (id === null || type === null) return;
    setError(null);
    try {
      await downloadFile(orderDocumentApiPath(id, type, version));
    } catch (failure) {
      setError(messageOf(failure));
      showError(messageOf(failure));
    }
  }, [id, type, version]);
  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  if (id === null || type === null) return <NotFoundContent />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          Your download should start in a moment
        </Title>
        <Text c="dimmed">
          {documentLabels[type]}
          {version !== undefined ? ` · Version ${version}` : ''}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <Button leftSection={<IconDownload size={16} />} onClick={() => void start()}>
            Download again
          </Button>
          <Anchor component={Link} to={paths.order(id)}>
            Back to the order
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}

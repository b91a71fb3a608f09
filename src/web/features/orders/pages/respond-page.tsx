import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import {
  nothingChangedMessage,
  type PriceChangeReason,
  type RespondedWith,
  type RespondInput,
  rejectReasonRequiredMessage,
  shippingAmountRequiredMessage,
  supplierChangeReasons,
  supplierDateChangeReasons,
} from '../../../../domain/orders/order-responses';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { clientToday } from '../../../api/client-date';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import {
  dollarsToCents,
  formatDay,
  type OrderResponseView,
  useRespondToOrder,
  useWorkflowOrder,
  useWorkflowParties,
  type WorkflowItem,
  type WorkflowOrder,
} from '../api/order-workflow-api';

type Choice = 'confirm' | 'changes' | 'reject';
type ShippingChoice = 'supplier' | 'platform';

type ItemDraft = {
  quantity: number | string;
  size: string;
  substituteName: string;
  price: number | string;
  priceReason: string | null;
  reason: string | null;
  comment: string;
};
type DateDraft = { proposedOn: string; reason: string | null; comment: string };

const emptyItem: ItemDraft = {
  quantity: '',
  size: '',
  substituteName: '',
  price: '',
  priceReason: null,
  reason: null,
  comment: '',
};

const priceReasonOptions: { value: PriceChangeReason; label: string }[] = [
  { value: 'missing_discount', label: 'Missing discount' },
  { value: 'outdated_price', label: 'Outdated pricing' },
  { value: 'confirmed', label: 'Confirmed' },
];

const respondedWithLabels: Record<RespondedWith, string> = {
  confirm_order: 'Confirmed the order',
  confirm_with_shipping: 'Confirmed the order with shipping by the supplier',
  confirm_with_platform_shipping: `Confirmed the order; ${productName} arranges freight`,
  reject_order: 'Rejected the order',
  changes_requested: 'Requested changes',
};

const reasonLabel = (value: string | null) =>
  supplierChangeReasons.find((entry) => entry.value === value)?.label ?? value;

function useOrderIdParam(): number | null {
  const { id = '' } = useParams();
  const value = Number(id);
  return /^\d+$/.test(id) && value > 0 ? value : null;
}

/** The item change a draft describes, or null when it changes nothing. */
function itemChangeOf(item: WorkflowItem, draft: ItemDraft | undefined) {
  if (!draft) return null;
  const quantity = draft.quantity === '' ? null : Number(draft.quantity);
  const size = draft.size.trim();
  const substituteName = draft.substituteName.trim();
  const price = dollarsToCents(draft.price);
  const changed =
    (quantity !== null && quantity !== item.quantity) ||
    (size !== '' && size !== (item.size ?? '')) ||
    (substituteName !== '' && substituteName !== item.primaryName) ||
    (price !== null && price !== (item.supplierPrice ?? null));
  if (!changed) return null;
  return {
    orderItemId: item.id,
    quantity: quantity !== null && quantity !== item.quantity ? quantity : null,
    size: size && size !== (item.size ?? '') ? size : null,
    substituteName: substituteName && substituteName !== item.primaryName ? substituteName : null,
    price: price !== null && price !== (item.supplierPrice ?? null) ? price : null,
    priceReason: price !== null && price !== (item.supplierPrice ?? null) ? draft.priceReason : null,
    reason: draft.reason,
    comment: draft.comment.trim() || null,
  };
}

export function PurchaseOrderRespondPage() {
  const id = useOrderIdParam();
  const order = useWorkflowOrder(id);
  if (id === null) return <NotFoundContent />;
  if (order.isPending) {
    return (
      <Container size="lg" py="xl">
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the order" />
        </Group>
      </Container>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFoundContent />;
    return (
      <Container size="lg" py="xl">
        <LoadErrorAlert
          error={order.error}
          title="The order could not be loaded"
          onRetry={() => order.refetch()}
        />
      </Container>
    );
  }
  return <RespondContent order={order.data} reload={() => order.refetch()} />;
}

function RespondContent({ order, reload }: { order: WorkflowOrder; reload: () => void }) {
  const [answered, setAnswered] = useState<RespondedWith | null>(null);
  const parties = useWorkflowParties(order.id);
  const header = (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.order(order.id)} size="sm">
        Back to the order
      </Anchor>
      <Group gap="sm" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Purchase order {order.orderNumber}
        </Title>
        <Badge variant="light" size="lg" color={order.displayState.color} data-testid="order-state-badge">
          {order.displayState.label}
        </Badge>
      </Group>
      <Text c="dimmed">{order.name}</Text>
    </Stack>
  );

  if (answered) {
    return (
      <Container size="sm" py="xl">
        <ResponseConfirmation order={order} respondedWith={answered} updatedNow />
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {header}
        <OrderSummary order={order} buyerName={parties.data?.buyerOrganizationName ?? null} />
        {order.permissions.respond ? (
          <ResponseForm order={order} reload={reload} onAnswered={setAnswered} />
        ) : (
          <CannotRespond order={order} />
        )}
      </Stack>
    </Container>
  );
}

function OrderSummary({ order, buyerName }: { order: WorkflowOrder; buyerName: string | null }) {
  const address = order.deliveryAddress;
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Field label="Order number">{order.orderNumber}</Field>
        <Field label="Buyer">{buyerName ?? '—'}</Field>
        <Field label="Requested date">{formatDay(order.requestedOn)}</Field>
        <Field label={order.pickup ? 'Pickup' : 'Delivery'}>
          {order.pickup ? (
            'The buyer picks up the order'
          ) : address ? (
            <span data-testid="delivery-address">
              {address.name}
              <br />
              {address.street1}
              {address.street2 ? `, ${address.street2}` : ''}
              <br />
              {address.city}, {address.state} {address.postalCode}
              <br />
              {address.phone}
            </span>
          ) : (
            'Delivery (no address given)'
          )}
        </Field>
      </SimpleGrid>
      {(order.deliveryInstructions || order.buyerToSupplierNotes) && (
        <Stack gap={4} mt="md">
          {order.deliveryInstructions && (
            <Text size="sm">
              <b>Delivery instructions:</b> {order.deliveryInstructions}
            </Text>
          )}
          {order.buyerToSupplierNotes && (
            <Text size="sm">
              <b>Notes from the buyer:</b> {order.buyerToSupplierNotes}
            </Text>
          )}
        </Stack>
      )}
      <Stack gap="xs" mt="md">
        <Text fw={600}>Items</Text>
        {order.items.map((item) => (
          <Group
            key={item.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            data-testid="respond-item-row"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)', paddingTop: 8 }}
          >
            <Box miw={0}>
              <Text fw={500}>{item.primaryName}</Text>
              <Text size="sm" c="dimmed">
                {[item.secondaryName, item.size, ...item.characteristics].filter(Boolean).join(' · ')}
              </Text>
            </Box>
            <Box ta="right" style={{ flexShrink: 0 }}>
              <Text size="sm">
                {item.quantity} {item.unit} ×{' '}
                {item.supplierPrice == null ? '—' : formatMoney(item.supplierPrice)}
              </Text>
              <Text fw={600} data-testid="respond-item-total">
                {formatMoney(item.totalSupplierPrice ?? 0)}
              </Text>
            </Box>
          </Group>
        ))}
        <Group
          justify="space-between"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 8 }}
        >
          <Text fw={600}>Total</Text>
          <Text fw={700}>{formatMoney(order.total)}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Box>
  );
}

type SubmitError = { status: number; message: string; fields: Record<string, string> };

function ResponseForm({
  order,
  reload,
  onAnswered,
}: {
  order: WorkflowOrder;
  reload: () => void;
  onAnswered: (respondedWith: RespondedWith) => void;
}) {
  const respond = useRespondToOrder(order.id);
  const [choice, setChoice] = useState<Choice>('confirm');
  const [shipping, setShipping] = useState<ShippingChoice>('supplier');
  const [shippingAmount, setShippingAmount] = useState<number | string>('');
  const [shippingNotes, setShippingNotes] = useState('');
  const [items, setItems] = useState<Record<number, ItemDraft>>({});
  const [date, setDate] = useState<DateDraft>({ proposedOn: '', reason: null, comment: '' });
  const [rejectReason, setRejectReason] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<SubmitError | null>(null);
  const [touched, setTouched] = useState(false);

  const itemChanges = order.items.flatMap((item) => {
    const change = itemChangeOf(item, items[item.id]);
    return change ? [change] : [];
  });
  const dateChanged = date.proposedOn !== '' && date.proposedOn !== order.requestedOn;
  const nothingChanged = itemChanges.length === 0 && !dateChanged;
  const setItem = (itemId: number, patch: Partial<ItemDraft>) =>
    setItems((current) => ({ ...current, [itemId]: { ...(current[itemId] ?? emptyItem), ...patch } }));

  const clientErrors = (): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (
      choice === 'confirm' &&
      !order.pickup &&
      shipping === 'supplier' &&
      dollarsToCents(shippingAmount) === null
    )
      errors.shippingAmount = shippingAmountRequiredMessage;
    if (choice === 'reject' && !rejectReason) errors.rejectReason = rejectReasonRequiredMessage;
    if (choice === 'changes') {
      for (const change of itemChanges) {
        if (!change.reason) errors[`item.${change.orderItemId}.reason`] = 'Choose a reason for this change';
      }
      if (dateChanged && !date.reason) errors['date.reason'] = 'Choose a reason for the new date';
    }
    return errors;
  };
  const errors = touched ? { ...clientErrors(), ...(error?.fields ?? {}) } : (error?.fields ?? {});

  const submit = () => {
    setTouched(true);
    if (Object.keys(clientErrors()).length > 0) return;
    const body: RespondInput = (() => {
      const base = { version: order.version, comment: comment.trim() || null };
      if (choice === 'reject') {
        return {
          ...base,
          respondedWith: 'reject_order' as const,
          rejectReason: rejectReason as RespondInput['rejectReason'],
        };
      }
      if (choice === 'changes') {
        return {
          ...base,
          respondedWith: 'changes_requested' as const,
          changes: {
            items: itemChanges as NonNullable<RespondInput['changes']>['items'],
            date: dateChanged
              ? {
                  proposedOn: date.proposedOn,
                  reason: date.reason as string,
                  comment: date.comment.trim() || null,
                }
              : null,
          },
        };
      }
      if (order.pickup) return { ...base, respondedWith: 'confirm_order' as const };
      if (shipping === 'platform')
        return { ...base, respondedWith: 'confirm_with_platform_shipping' as const };
      return {
        ...base,
        respondedWith: 'confirm_with_shipping' as const,
        shippingAmount: dollarsToCents(shippingAmount),
        shippingNotes: shippingNotes.trim() || null,
      };
    })();
    setError(null);
    respond.mutate(body, {
      onSuccess: () => onAnswered(body.respondedWith),
      onError: (failure) =>
        setError(
          failure instanceof ApiError
            ? { status: failure.status, message: failure.message, fields: failure.fields }
            : { status: 0, message: genericErrorMessage, fields: {} },
        ),
    });
  };

  const submitDisabled = choice === 'changes' && nothingChanged;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="respond-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="respond-heading">
          Your answer
        </Title>
        <SegmentedControl
          fullWidth
          value={choice}
          onChange={(value) => setChoice(value as Choice)}
          data={[
            { value: 'confirm', label: 'Confirm' },
            { value: 'changes', label: 'Request changes' },
            { value: 'reject', label: 'Reject' },
          ]}
          aria-label="How you answer this purchase order"
          data-testid="respond-choice"
        />

        {choice === 'confirm' &&
          (order.pickup ? (
            <Text>
              The buyer picks this order up. Confirming tells them it will be ready on the requested date.
            </Text>
          ) : (
            <Stack gap="sm">
              <Radio.Group
                label="Who delivers this order?"
                value={shipping}
                onChange={(value) => setShipping(value as ShippingChoice)}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="supplier" label="We deliver it (add the shipping amount)" />
                  <Radio value="platform" label={`${productName} arranges freight`} />
                </Stack>
              </Radio.Group>
              {shipping === 'supplier' && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <NumberInput
                    label="Shipping amount"
                    prefix="$"
                    decimalScale={2}
                    fixedDecimalScale
                    min={0}
                    thousandSeparator=","
                    required
                    value={shippingAmount}
                    onChange={setShippingAmount}
                    error={errors.shippingAmount}
                  />
                  <Textarea
                    label="Shipping notes"
                    autosize
                    minRows={1}
                    maxLength={1000}
                    value={shippingNotes}
                    onChange={(event) => setShippingNotes(event.currentTarget.value)}
                  />
                </SimpleGrid>
              )}
            </Stack>
          ))}

        {choice === 'changes' && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Fill in only what changes. The buyer reviews each change.
            </Text>
            {order.items.map((item) => {
              const draft = items[item.id] ?? emptyItem;
              const changed = itemChanges.some((change) => change.orderItemId === item.id);
              return (
                <Paper
                  key={item.id}
                  withBorder
                  p="sm"
                  radius="md"
                  bg={changed ? 'var(--mantine-color-yellow-0)' : undefined}
                  data-testid="item-change"
                  data-item-id={item.id}
                >
                  <Text fw={600}>{item.primaryName}</Text>
                  <Text size="sm" c="dimmed" mb="xs">
                    Now: {item.quantity} {item.unit}
                    {item.size ? ` · ${item.size}` : ''} ·{' '}
                    {item.supplierPrice == null ? 'no price' : formatMoney(item.supplierPrice)}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                    <NumberInput
                      label="New quantity"
                      min={0}
                      decimalScale={2}
                      value={draft.quantity}
                      onChange={(value) => setItem(item.id, { quantity: value })}
                      placeholder={String(item.quantity)}
                    />
                    <TextInput
                      label="New size"
                      maxLength={60}
                      value={draft.size}
                      onChange={(event) => setItem(item.id, { size: event.currentTarget.value })}
                      placeholder={item.size ?? ''}
                    />
                    <TextInput
                      label="Substitute"
                      maxLength={200}
                      value={draft.substituteName}
                      onChange={(event) => setItem(item.id, { substituteName: event.currentTarget.value })}
                    />
                    <NumberInput
                      label="New price"
                      prefix="$"
                      decimalScale={2}
                      min={0}
                      thousandSeparator=","
                      value={draft.price}
                      onChange={(value) => setItem(item.id, { price: value })}
                      placeholder={item.supplierPrice == null ? '' : (item.supplierPrice / 100).toFixed(2)}
                    />
                    {draft.price !== '' && (
                      <Select
                        label="Price reason"
                        data={priceReasonOptions}
                        clearable
                        value={draft.priceReason}
                        onChange={(value) => setItem(item.id, { priceReason: value })}
                      />
                    )}
                    <Select
                      label="Reason"
                      data={supplierChangeReasons}
                      value={draft.reason}
                      onChange={(value) => setItem(item.id, { reason: value })}
                      error={errors[`item.${item.id}.reason`]}
                      required={changed}
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Comment"
                    mt="sm"
                    autosize
                    minRows={1}
                    maxLength={2000}
                    value={draft.comment}
                    onChange={(event) => setItem(item.id, { comment: event.currentTarget.value })}
                  />
                </Paper>
              );
            })}
            <Paper withBorder p="sm" radius="md" data-testid="date-change">
              <Text fw={600} mb="xs">
                A different date (optional)
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  type="date"
                  label="New date"
                  min={clientToday()}
                  value={date.proposedOn}
                  onChange={(event) => setDate({ ...date, proposedOn: event.currentTarget.value })}
                />
                <Select
                  label="Reason for the new date"
                  data={supplierDateChangeReasons}
                  value={date.reason}
                  onChange={(value) => setDate({ ...date, reason: value })}
                  error={errors['date.reason']}
                  required={dateChanged}
                />
                <Textarea
                  label="Comment on the date"
                  autosize
                  minRows={1}
                  maxLength={2000}
                  value={date.comment}
                  onChange={(event) => setDate({ ...date, comment: event.currentTarget.value })}
                />
              </SimpleGrid>
            </Paper>
            {nothingChanged && (
              <Text size="sm" c="dimmed" data-testid="nothing-changed">
                {nothingChangedMessage}
              </Text>
            )}
          </Stack>
        )}

        {choice === 'reject' && (
          <Select
            label="Why are you rejecting this order?"
            data={supplierChangeReasons}
            required
            value={rejectReason}
            onChange={setRejectReason}
            error={errors.rejectReason}
          />
        )}

        <Textarea
          label={choice === 'reject' ? 'Comment' : 'Comment to the buyer'}
          autosize
          minRows={2}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
        />

        {error && (
          <Alert
            color={error.status === 409 ? 'yellow' : 'red'}
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="respond-error"
            title={error.status === 409 ? 'This order has changed' : 'Your answer was not sent'}
          >
            <Text size="sm">{error.message}</Text>
            {(error.status === 409 || error.status === 422) && (
              <Button
                mt="sm"
                size="compact-sm"
                variant="white"
                onClick={() => {
                  setError(null);
                  reload();
                }}
              >
                Reload
              </Button>
            )}
          </Alert>
        )}

        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={respond.isPending}
            disabled={submitDisabled}
            color={choice === 'reject' ? 'red' : undefined}
            data-testid="respond-submit"
          >
            {choice === 'confirm' ? 'Confirm order' : choice === 'changes' ? 'Send changes' : 'Reject order'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Why this viewer cannot answer now: not the supplier, already answered, or waiting on someone else. */
function CannotRespond({ order }: { order: WorkflowOrder }) {
  const response = order.currentSupplierPurchaseOrderResponse;
  if (order.audience === 'buyer') {
    return (
      <Alert
        color="gray"
        variant="light"
        title="Only the supplier answers this purchase order"
        data-testid="cannot-respond"
      >
        <Text size="sm">You are the buyer of this order; the supplier answers its purchase order.</Text>
        <Anchor component={Link} to={paths.order(order.id)} size="sm">
          View Order Details
        </Anchor>
      </Alert>
    );
  }
  if (response)
    return <ResponseConfirmation order={order} respondedWith={response.respondedWith} response={response} />;
  const buyerProposal = order.proposals.find(
    (proposal) => proposal.state === 'pending' && proposal.proposedBySide === 'buyer',
  );
  return (
    <Alert color="gray" variant="light" title="Nothing to answer now" data-testid="cannot-respond">
      <Text size="sm">
        This order is {order.displayState.label}; its purchase order is not waiting for your answer.
      </Text>
      <Group gap="md" mt="xs">
        {buyerProposal && (
          <Anchor component={Link} to={paths.orderProposal(order.id, buyerProposal.id)} size="sm">
            Review the buyer's proposal
          </Anchor>
        )}
        <Anchor component={Link} to={paths.order(order.id)} size="sm">
          View Order Details
        </Anchor>
      </Group>
    </Alert>
  );
}

/** The response pane's confirmation (spec part 3 §2.2). */
function ResponseConfirmation({
  order,
  respondedWith,
  response,
  updatedNow = false,
}: {
  order: WorkflowOrder;
  respondedWith: RespondedWith;
  response?: OrderResponseView;
  updatedNow?: boolean;
}) {
  const rejected = respondedWith === 'reject_order';
  const copy = rejected
    ? updatedNow
      ? 'Thank you! This order is under review.'
      : 'This order is under review.'
    : updatedNow
      ? 'Thank you. Your feedback has been sent to the buyer.'
      : 'Your feedback has been sent to the buyer.';
  return (
    <Paper withBorder p="xl" radius="md" data-testid="respond-confirmation">
      <Stack align="center" ta="center" gap="sm">
        <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={2} size="h3">
          Purchase order {order.orderNumber}
        </Title>
        <Text size="lg" data-testid="respond-confirmation-copy">
          {copy}
        </Text>
        {response && (
          <Stack gap={2} data-testid="response-summary">
            <Text size="sm" c="dimmed">
              {respondedWithLabels[response.respondedWith]} on{' '}
              {new Date(response.respondedAt).toLocaleDateString('en-US', {
                month: 'short',
                day: 'numeric',
                year: 'numeric',
              })}
              {response.shippingAmount != null ? ` · Shipping ${formatMoney(response.shippingAmount)}` : ''}
            </Text>
            {response.reason && (
              <Text size="sm" c="dimmed">
                Reason: {reasonLabel(response.reason)}
              </Text>
            )}
            {response.comment && (
              <Text size="sm" c="dimmed">
                “{response.comment}”
              </Text>
            )}
          </Stack>
        )}
        <Group justify="center" gap="sm" mt="sm">
          <Button component={Link} to={paths.ordersNeedingResponse}>
            Review More Orders
          </Button>
          {rejected ? (
            <Button component={Link} to={paths.order(order.id)} variant="default">
              View Order Details
            </Button>
          ) : (
            <Anchor component={Link} to={paths.order(order.id)} size="sm">
              Back to the order
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

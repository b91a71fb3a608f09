import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import {
  nothingChangedMessage,
  priceReasonRequiredMessage,
  type RespondedWith,
  rejectReasonRequiredMessage,
  shippingAmountRequiredMessage,
  supplierChangeReasons,
} from '../../../../domain/orders/order-responses';
import { ApiError, genericErrorMessage } from '../../../api/client';
import {
  dollarsToCents,
  type RespondInput,
  useRespondToOrder,
  type WorkflowOrder,
} from '../api/order-workflow-api';
import { ConfirmShippingFields, type ShippingDraft } from './confirm-shipping-fields';
import { DateChangeFields } from './date-change-fields';
import { ItemChangeCard } from './item-change-card';
import { OrderChangeError } from './order-change-error';
import { type Choice, type DateDraft, emptyItem, type ItemDraft, itemChangeOf } from './response-drafts';

/** The supplier's answer to a purchase order: confirm (with shipping), request changes, or reject. */
type SubmitError = { status: number; message: string; fields: Record<string, string> };

export function ResponseForm({
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
  const [shipping, setShipping] = useState<ShippingDraft>({ mode: 'supplier', amount: '', notes: '' });
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
      shipping.mode === 'supplier' &&
      dollarsToCents(shipping.amount) === null
    )
      errors.shippingAmount = shippingAmountRequiredMessage;
    if (choice === 'reject' && !rejectReason) errors.rejectReason = rejectReasonRequiredMessage;
    if (choice === 'changes') {
      for (const change of itemChanges) {
        if (!change.reason) errors[`item.${change.orderItemId}.reason`] = 'Choose a reason for this change';
        if (change.price !== null && !change.priceReason)
          errors[`item.${change.orderItemId}.priceReason`] = priceReasonRequiredMessage;
      }
      if (dateChanged && !date.reason) errors['date.reason'] = 'Choose a reason for the new date';
    }
    return errors;
  };
  const errors = touched ? { ...clientErrors(), ...(error?.fields ?? {}) } : (error?.fields ?? {});
  // The server names a change by its place in the answer's list of item changes.
  const serverPriceReasonError = (itemId: number) => {
    const index = itemChanges.findIndex((change) => change.orderItemId === itemId);
    return index < 0 ? undefined : errors[`changes.items.${index}.priceReason`];
  };

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
                  reason: date.reason as NonNullable<NonNullable<RespondInput['changes']>['date']>['reason'],
                  comment: date.comment.trim() || null,
                }
              : null,
          },
        };
      }
      if (order.pickup) return { ...base, respondedWith: 'confirm_order' as const };
      if (shipping.mode === 'platform')
        return { ...base, respondedWith: 'confirm_with_platform_shipping' as const };
      return {
        ...base,
        respondedWith: 'confirm_with_shipping' as const,
        shippingAmount: dollarsToCents(shipping.amount),
        shippingNotes: shipping.notes.trim() || null,
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

        {choice === 'confirm' && (
          <ConfirmShippingFields
            pickup={order.pickup}
            shipping={shipping}
            onChange={(patch) => setShipping((current) => ({ ...current, ...patch }))}
            amountError={errors.shippingAmount}
          />
        )}

        {choice === 'changes' && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Fill in only what changes. The buyer reviews each change.
            </Text>
            {order.items.map((item) => (
              <ItemChangeCard
                key={item.id}
                item={item}
                draft={items[item.id] ?? emptyItem}
                changed={itemChanges.some((change) => change.orderItemId === item.id)}
                onChange={(patch) => setItem(item.id, patch)}
                reasonError={errors[`item.${item.id}.reason`]}
                priceReasonError={errors[`item.${item.id}.priceReason`] ?? serverPriceReasonError(item.id)}
              />
            ))}
            <DateChangeFields
              date={date}
              changed={dateChanged}
              onChange={setDate}
              reasonError={errors['date.reason']}
            />
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
          <OrderChangeError
            error={error}
            notSavedTitle="Your answer was not sent"
            testId="respond-error"
            onReload={() => {
              setError(null);
              reload();
            }}
          />
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

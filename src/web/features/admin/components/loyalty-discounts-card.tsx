import '@mantine/dates/styles.css';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import {
  type LoyaltyDiscountStatus,
  loyaltyDiscountInputSchema,
  loyaltyDiscountStatusLabels,
} from '../../../../domain/catalog/loyalty-discounts';
import { ApiError } from '../../../api/client';
import { showError, showSuccess } from '../../../shell/toasts';
import { DateTime } from '../../../ui/date-time';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import {
  type LoyaltyDiscount,
  type LoyaltyDiscountInput,
  useEndLoyaltyDiscount,
  useLoyaltyDiscounts,
  useSaveLoyaltyDiscount,
} from '../api/loyalty-discounts';

type FormValues = { name: string; percent: number | string; startsOn: string | null; endsOn: string | null };

const blank: FormValues = { name: '', percent: '', startsOn: null, endsOn: null };

// The form picks days; a discount starts at the first day's UTC midnight and ends after the last day.
const dayStart = (day: string | null) => (day ? `${day}T00:00:00.000Z` : null);
const dayAfter = (day: string | null) =>
  day ? new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString() : null;
const dayOf = (instant: string | null) => (instant ? instant.slice(0, 10) : null);
const lastDayOf = (instant: string | null) =>
  instant ? new Date(Date.parse(instant) - 1).toISOString().slice(0, 10) : null;

const toInput = (values: FormValues) => ({
  name: values.name,
  percent: values.percent === '' ? undefined : Number(values.percent),
  startsAt: dayStart(values.startsOn),
  endsAt: dayAfter(values.endsOn),
});

const statusColor: Record<LoyaltyDiscountStatus, string> = {
  active: 'teal',
  scheduled: 'blue',
  ended: 'gray',
};

function DiscountRow({
  discount,
  onEdit,
  onEnd,
}: {
  discount: LoyaltyDiscount;
  onEdit: () => void;
  onEnd: () => void;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`loyalty-discount-${discount.id}`}>
      <Group justify="space-between" gap="sm" align="flex-start">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Group gap="xs">
            <Text fw={700}>{discount.name}</Text>
            <Badge variant="light" color={statusColor[discount.status]} tt="none">
              {loyaltyDiscountStatusLabels[discount.status]}
            </Badge>
          </Group>
          <Text size="sm">{discount.percent}% off every supplier’s price</Text>
          <Text size="xs" c="dimmed">
            {discount.startsAt ? (
              <>
                From <DateTime value={discount.startsAt} withTime={false} />
              </>
            ) : (
              'From its creation'
            )}
            {' · '}
            {discount.endsAt ? (
              <>
                {discount.status === 'ended' ? 'ended' : 'until'} <DateTime value={discount.endsAt} />
              </>
            ) : (
              'no end date'
            )}
          </Text>
        </Stack>
        {discount.status !== 'ended' && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="light" color="red" onClick={onEnd}>
              End now
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Beehive: the organisation's loyalty discounts (a Hedgerow Discount on every supplier's price for
 * this buyer; the dashboard shows its loyalty banner while one is in force): create, edit, end.
 */
export function LoyaltyDiscountsCard({ organizationId }: { organizationId: number }) {
  const discounts = useLoyaltyDiscounts(organizationId);
  const save = useSaveLoyaltyDiscount(organizationId);
  const end = useEndLoyaltyDiscount(organizationId);
  const [editing, setEditing] = useState<number | null>(null);
  const form = useForm<FormValues>({
    initialValues: blank,
    validate: zodValidate<FormValues>(loyaltyDiscountInputSchema, toInput),
  });

  const submit = async (values: FormValues) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({ id: editing, body: toInput(values) as LoyaltyDiscountInput });
      showSuccess(editing === null ? 'Loyalty discount created' : 'Loyalty discount saved');
      setEditing(null);
      form.setValues(blank);
      form.resetDirty(blank);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) {
        const { startsAt, endsAt, ...rest } = apiError.fields;
        form.setErrors({
          ...rest,
          ...(startsAt ? { startsOn: startsAt } : {}),
          ...(endsAt ? { endsOn: endsAt } : {}),
        });
      } else showError(apiError?.message);
    }
  };

  const startEdit = (discount: LoyaltyDiscount) => {
    setEditing(discount.id);
    form.setValues({
      name: discount.name,
      percent: discount.percent,
      startsOn: dayOf(discount.startsAt),
      endsOn: lastDayOf(discount.endsAt),
    });
  };

  const confirmEnd = (discount: LoyaltyDiscount) =>
    modals.openConfirmModal({
      title: `End “${discount.name}”?`,
      children: (
        <Text size="sm">
          Carts priced from now on pay suppliers’ prices without this discount; orders already submitted keep
          their prices.
        </Text>
      ),
      labels: { confirm: 'End discount', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-loyalty-discount' } as never,
      onConfirm: () =>
        end.mutate(discount.id, {
          onSuccess: () => {
            if (editing === discount.id) {
              setEditing(null);
              form.setValues(blank);
            }
            showSuccess('Loyalty discount ended');
          },
        }),
    });

  return (
    <Card withBorder padding="lg" data-testid="loyalty-discounts-card">
      <Title order={3} size="h4" mb={4}>
        Loyalty discounts
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A Hedgerow Discount off every supplier’s price for this organization; the platform pays the
        difference. While one is in force its dashboard shows the loyalty banner.
      </Text>
      <Stack gap="md">
        {discounts.isError ? (
          <LoadErrorAlert
            title="Could not load the loyalty discounts"
            error={discounts.error}
            onRetry={() => discounts.refetch()}
          />
        ) : discounts.data && discounts.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No loyalty discounts yet.
          </Text>
        ) : (
          (discounts.data ?? []).map((discount) => (
            <DiscountRow
              key={discount.id}
              discount={discount}
              onEdit={() => startEdit(discount)}
              onEnd={() => confirmEnd(discount)}
            />
          ))
        )}
        <form
          onSubmit={form.onSubmit(submit, focusFirstError)}
          noValidate
          aria-label={editing === null ? 'New loyalty discount' : 'Edit loyalty discount'}
        >
          <Stack gap="sm">
            <Text fw={600} size="sm">
              {editing === null ? 'New loyalty discount' : 'Edit loyalty discount'}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <TextInput
                label="Name"
                placeholder="e.g. Loyalty 2026"
                maxLength={120}
                {...form.getInputProps('name')}
              />
              <NumberInput
                label="Percent off"
                suffix="%"
                min={0.01}
                max={100}
                decimalScale={2}
                {...form.getInputProps('percent')}
              />
              <DatePickerInput
                label="First day"
                placeholder="From now on"
                clearable
                valueFormat="MMM D, YYYY"
                {...form.getInputProps('startsOn')}
              />
              <DatePickerInput
                label="Last day"
                placeholder="No end date"
                clearable
                valueFormat="MMM D, YYYY"
                {...form.getInputProps('endsOn')}
              />
            </SimpleGrid>
            <Group gap="sm">
              <Button type="submit" loading={save.isPending} data-testid="save-loyalty-discount">
                {editing === null ? 'Create discount' : 'Save discount'}
              </Button>
              {editing !== null && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    form.setValues(blank);
                  }}
                >
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

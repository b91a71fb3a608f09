import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { productName } from '../../../../domain/brand';
import { formatNumber } from '../../../../domain/text/number-format';
import { clientToday } from '../../../api/client-date';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { useTabParam } from '../../../ui/use-tab-param';
import {
  type FulfillmentQueueItem,
  type ScheduleOrder,
  type ScheduleSide as Side,
  useFulfillmentQueue,
  useOrderSchedule,
} from '../api/order-schedule-api';
import { FulfillButton } from '../components/fulfill-button';

export const nothingScheduledText = 'Nothing scheduled';
export const nothingToFulfillText = 'Nothing to fulfill this week';
const datesReversedText = 'Start date must be before end date';
const tooManyDaysText = 'Choose at most 62 days';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dayCount = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

/** 'Today', 'Tomorrow', else 'Mon, Nov 24' (with the year when it is not this year's). */
function dayTitle(day: string, today: string) {
  if (day === today) return 'Today';
  if (day === addDays(today, 1)) return 'Tomorrow';
  if (day === addDays(today, -1)) return 'Yesterday';
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

function ListSkeleton({ cards }: { cards: number }) {
  return (
    <Stack gap="md" role="status" aria-label="Loading" aria-busy>
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={96} radius="md" />
      ))}
    </Stack>
  );
}

function ScheduleRow({ order, side }: { order: ScheduleOrder; side: Side }) {
  return (
    <Group
      justify="space-between"
      align="flex-start"
      gap="sm"
      py="xs"
      data-testid="schedule-order"
      data-order-id={order.id}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Box miw={0} style={{ flex: '1 1 260px' }}>
        <Anchor component={Link} to={paths.order(order.id)} fw={600} size="sm">
          {order.orderNumber} · {order.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {side === 'buyer' ? order.branchName : `${order.organizationName} · ${order.userFullName}`}
          {order.jobNumber ? ` · Job ${order.jobNumber}` : ''}
        </Text>
      </Box>
      <Group gap="md" wrap="wrap" style={{ flex: '0 1 auto' }}>
        <Text size="sm">{order.fulfillmentType}</Text>
        <Text size="sm" c="dimmed">
          {formatNumber(order.orderItemsCount)} item{order.orderItemsCount === 1 ? '' : 's'}
        </Text>
        <Text size="sm" fw={500}>
          {formatMoney(order.orderTotal)}
        </Text>
        <Badge color={order.displayState.color} variant="light" data-testid="order-status">
          {order.displayState.label}
        </Badge>
      </Group>
    </Group>
  );
}

function ScheduleDays({ side, startDate, endDate }: { side: Side; startDate: string; endDate: string }) {
  const today = clientToday();
  const schedule = useOrderSchedule(side, startDate, endDate);
  if (schedule.isPending) return <ListSkeleton cards={Math.min(7, dayCount(startDate, endDate))} />;
  if (schedule.isError)
    return (
      <LoadErrorAlert
        error={schedule.error}
        title="The schedule could not be loaded"
        onRetry={() => schedule.refetch()}
      />
    );
  return (
    <Stack gap="md" data-testid="schedule-days">
      <Text size="sm" c="dimmed">
        {schedule.data.orderCount === 1 ? '1 order' : `${schedule.data.orderCount} orders`} scheduled
      </Text>
      {schedule.data.days.map((day) => (
        <Card
          key={day.date}
          withBorder
          radius="md"
          padding="md"
          data-testid="schedule-day"
          data-date={day.date}
        >
          <Group justify="space-between" mb={day.orders.length > 0 ? 'xs' : 0}>
            <Title order={2} fz="md">
              {dayTitle(day.date, today)}
            </Title>
            {day.orders.length > 0 && (
              <Text size="sm" c="dimmed">
                {day.orders.length === 1 ? '1 order' : `${day.orders.length} orders`}
              </Text>
            )}
          </Group>
          {day.orders.length === 0 ? (
            <Text size="sm" c="dimmed" mt={4}>
              {nothingScheduledText}
            </Text>
          ) : (
            day.orders.map((order) => <ScheduleRow key={order.id} order={order} side={side} />)
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** /orders/schedule: the orders requested for each day of a range, as buyer or as supplier. */
export function OrderSchedulePage() {
  useDocumentTitle(`Order Schedule · ${productName}`);
  const { user } = useCurrentUser();
  const showSupplier = Boolean(user?.supplier);
  const showBuyer = Boolean(user && (user.organizationIsBuyer || !user.supplier));
  const defaultTab: Side = showBuyer || !showSupplier ? 'buyer' : 'supplier';
  const [tabValue, setTab] = useTabParam(defaultTab);
  const tab: Side = tabValue === 'supplier' && showSupplier ? 'supplier' : showBuyer ? 'buyer' : defaultTab;
  const [startDate, setStartDate] = useState(clientToday);
  const [endDate, setEndDate] = useState(() => addDays(clientToday(), 6));
  const reversed = Boolean(startDate && endDate && startDate > endDate);
  const tooLong = !reversed && Boolean(startDate && endDate) && dayCount(startDate, endDate) > 62;
  const valid = Boolean(startDate && endDate) && !reversed && !tooLong;

  return (
    <Box maw={1040} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} fz={28}>
          Order Schedule
        </Title>
        {showSupplier && (
          <Button component={Link} to={paths.orderFulfillment} variant="default">
            Fulfillment
          </Button>
        )}
      </Group>
      {!user ? (
        <ListSkeleton cards={4} />
      ) : (
        <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
          <Tabs.List mb="md">
            {showBuyer && <Tabs.Tab value="buyer">Buyer</Tabs.Tab>}
            {showSupplier && <Tabs.Tab value="supplier">Supplier</Tabs.Tab>}
          </Tabs.List>
          <Paper withBorder radius="md" p="md" mb="md">
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextInput
                type="date"
                label="Start date"
                value={startDate}
                onChange={(event) => setStartDate(event.currentTarget.value)}
                w={{ base: 150, sm: 170 }}
              />
              <TextInput
                type="date"
                label="End date"
                value={endDate}
                onChange={(event) => setEndDate(event.currentTarget.value)}
                error={reversed ? datesReversedText : tooLong ? tooManyDaysText : undefined}
                w={{ base: 150, sm: 170 }}
              />
            </Group>
          </Paper>
          <Tabs.Panel value={tab}>
            {valid && <ScheduleDays side={tab} startDate={startDate} endDate={endDate} />}
          </Tabs.Panel>
        </Tabs>
      )}
    </Box>
  );
}

function QueueRow({ order }: { order: FulfillmentQueueItem }) {
  return (
    <Group
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      data-testid="queue-order"
      data-order-id={order.id}
      data-overdue={order.overdue || undefined}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Box miw={0} style={{ flex: '1 1 260px' }}>
        <Anchor component={Link} to={paths.order(order.id)} fw={600} size="sm">
          {order.orderNumber} · {order.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {order.buyerOrganization.name} · {order.branch.name}
        </Text>
      </Box>
      <Group gap="md" wrap="wrap" align="center">
        <Text size="sm" fw={order.overdue ? 600 : undefined} c={order.overdue ? 'red' : undefined}>
          {order.overdue && (
            <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
          )}
          {order.overdue ? 'Overdue · ' : ''}
          {new Date(`${order.requestedOn}T00:00:00Z`).toLocaleDateString('en-US', {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            timeZone: 'UTC',
          })}
        </Text>
        <Text size="sm">{order.fulfillment === 'delivery' ? 'Delivery' : 'Pickup'}</Text>
        <Text size="sm" c="dimmed">
          {formatNumber(order.itemsCount)} item{order.itemsCount === 1 ? '' : 's'}
        </Text>
        <Badge color={order.displayState.color} variant="light">
          {order.displayState.label}
        </Badge>
        {/* Its mutation invalidates ['orders'], under which the queue's key lives: the queue refetches. */}
        <FulfillButton
          order={{
            id: order.id,
            version: order.version,
            requestedOn: order.requestedOn,
            permissions: { fulfill: true },
          }}
        />
      </Group>
    </Group>
  );
}

/** /orders/fulfillment: the supplier's confirmed orders due within a week, overdue first. */
export function OrderFulfillmentPage() {
  useDocumentTitle(`Fulfillment · ${productName}`);
  const { user } = useCurrentUser();
  const isSupplier = Boolean(user?.supplier);
  const queue = useFulfillmentQueue(isSupplier);
  const overdueCount = queue.data?.results.filter((order) => order.overdue).length ?? 0;

  return (
    <Box maw={1040} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} fz={28}>
          Fulfillment
        </Title>
        <Button component={Link} to={paths.orderSchedule} variant="default">
          Schedule
        </Button>
      </Group>
      {!user ? (
        <ListSkeleton cards={3} />
      ) : !isSupplier ? (
        <Alert color="gray" variant="light" data-testid="fulfillment-not-supplier">
          The fulfillment queue is for suppliers: it lists the orders your branches have to fill.
        </Alert>
      ) : queue.isPending ? (
        <ListSkeleton cards={3} />
      ) : queue.isError ? (
        <LoadErrorAlert
          error={queue.error}
          title="The fulfillment queue could not be loaded"
          onRetry={() => queue.refetch()}
        />
      ) : queue.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="queue-empty">
          <Text fw={600}>{nothingToFulfillText}</Text>
        </Paper>
      ) : (
        <Card withBorder radius="md" padding="md" data-testid="fulfillment-queue">
          <Group justify="space-between" mb="xs">
            <Text size="sm" c="dimmed">
              Confirmed orders requested up to a week from today
            </Text>
            {overdueCount > 0 && (
              <Badge color="red" variant="light">
                {overdueCount} overdue
              </Badge>
            )}
          </Group>
          {queue.data.results.map((order) => (
            <QueueRow key={order.id} order={order} />
          ))}
        </Card>
      )}
    </Box>
  );
}

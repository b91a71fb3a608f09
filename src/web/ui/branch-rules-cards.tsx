// A branch's order requirements and notices to buyers as cards, shared by the supplier's inventory
// pages and Beehive's branch page (both save through the same routes; the server decides who may).
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { weekDays } from '../../domain/inventory/inventory-schemas';
import {
  type OrderRequirements,
  useAddNotice,
  useNotices,
  useOrderRequirements,
  useRemoveNotice,
  useSaveRequirements,
} from '../api/branch-rules';

/** The branch's order rules: minimum order, lead time, delivery days and pickup hours. */
export function RequirementsCard({ branchId }: { branchId: number }) {
  const current = useOrderRequirements(branchId);
  const save = useSaveRequirements();
  const [minimum, setMinimum] = useState<number | string>('');
  const [leadDays, setLeadDays] = useState<number | string>('');
  const [days, setDays] = useState<string[]>([]);
  const [pickup, setPickup] = useState('');
  // The form takes the saved rule once, when it arrives; later refetches do not overwrite typing.
  const loaded = useRef(false);
  useEffect(() => {
    const rule = current.data;
    if (!rule || loaded.current) return;
    loaded.current = true;
    setMinimum(rule.minimumOrderCents === null ? '' : rule.minimumOrderCents / 100);
    setLeadDays(rule.minimumLeadDays ?? '');
    setDays(rule.deliveryDays);
    setPickup(rule.pickupHours ?? '');
  }, [current.data]);
  return (
    <Card withBorder>
      <Title order={4}>Order requirements</Title>
      <Text size="xs" c="dimmed" mb="sm">
        Buyers see these on their cart and at checkout; a cart below the minimum cannot be submitted.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Minimum order"
          prefix="$"
          min={0}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          value={minimum}
          onChange={setMinimum}
        />
        <NumberInput
          label="Minimum lead time (days)"
          min={0}
          max={365}
          value={leadDays}
          onChange={setLeadDays}
        />
      </SimpleGrid>
      <Text size="sm" fw={500} mt="sm" mb={4}>
        Delivery days
      </Text>
      <Chip.Group multiple value={days} onChange={setDays}>
        <Group gap={6}>
          {weekDays.map((day) => (
            <Chip key={day} value={day} size="xs">
              {day.slice(0, 3)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <TextInput
        mt="sm"
        label="Pickup hours"
        placeholder="Mon–Fri 7am–3pm"
        value={pickup}
        onChange={(event) => setPickup(event.currentTarget.value)}
      />
      <Button
        mt="md"
        w="fit-content"
        disabled={!current.data}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            {
              id: branchId,
              body: {
                minimumOrderCents: minimum === '' ? null : Math.round(Number(minimum) * 100),
                minimumLeadDays: leadDays === '' ? null : Number(leadDays),
                deliveryDays: days as OrderRequirements['deliveryDays'],
                pickupHours: pickup.trim() || null,
              },
            },
            { onSuccess: () => notifications.show({ color: 'green', message: 'Order requirements saved' }) },
          )
        }
      >
        Save requirements
      </Button>
    </Card>
  );
}

/** The branch's dated notices to buyers: listed, added and removed. */
export function NoticesCard({ branchId }: { branchId: number }) {
  const notices = useNotices(branchId);
  const add = useAddNotice();
  const remove = useRemoveNotice();
  const [body, setBody] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  return (
    <Card withBorder>
      <Title order={4}>Notices to buyers</Title>
      <Text size="xs" c="dimmed" mb="sm">
        Shown on the branch page, the product’s supplier list and buyers’ carts between their dates.
      </Text>
      <Stack gap="xs">
        {(notices.data ?? []).map((notice) => (
          <Group key={notice.id} justify="space-between" wrap="nowrap" align="start">
            <div>
              <Text size="sm">{notice.body}</Text>
              <Text size="xs" c="dimmed">
                {notice.startsOn ?? 'Now'} – {notice.endsOn ?? 'until removed'}{' '}
                {notice.active ? (
                  <Badge size="xs" color="green" variant="light">
                    Showing
                  </Badge>
                ) : (
                  <Badge size="xs" color="gray" variant="light">
                    Not showing
                  </Badge>
                )}
              </Text>
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remove notice"
              onClick={() => remove.mutate(notice.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Textarea
          label="New notice"
          placeholder="Closed Thanksgiving Day; orders placed Wednesday ship Friday."
          maxLength={500}
          autosize
          minRows={2}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
        />
        <SimpleGrid cols={2} spacing="xs">
          <TextInput
            type="date"
            label="From"
            value={startsOn}
            onChange={(e) => setStartsOn(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Until"
            value={endsOn}
            onChange={(e) => setEndsOn(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Button
          w="fit-content"
          disabled={!body.trim()}
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { id: branchId, body: { body, startsOn: startsOn || null, endsOn: endsOn || null } },
              {
                onSuccess: () => {
                  setBody('');
                  setStartsOn('');
                  setEndsOn('');
                },
              },
            )
          }
        >
          Add notice
        </Button>
      </Stack>
    </Card>
  );
}

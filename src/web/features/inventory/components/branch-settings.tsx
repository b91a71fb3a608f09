import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Chip,
  FileButton,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { weekDays } from '../../../../domain/inventory/inventory-schemas';
import {
  type InventoryBranch,
  type OrderRequirements,
  useAddNotice,
  useNotices,
  useOrderRequirements,
  useReindex,
  useRemoveNotice,
  useSaveRequirements,
  useSetHidden,
  useUploadLogo,
  useZeroOut,
} from '../api/inventory-api';

function RequirementsCard({ branch }: { branch: InventoryBranch }) {
  const current = useOrderRequirements(branch.id);
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
              id: branch.id,
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

function NoticesCard({ branch }: { branch: InventoryBranch }) {
  const notices = useNotices(branch.id);
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
              { id: branch.id, body: { body, startsOn: startsOn || null, endsOn: endsOn || null } },
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

function ToolsCard({
  branch,
  organization,
}: {
  branch: InventoryBranch;
  organization: { id: number; name: string; logoUrl: string | null };
}) {
  const zero = useZeroOut();
  const reindex = useReindex();
  const hide = useSetHidden();
  const logo = useUploadLogo();
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Branch
      </Title>
      <Stack gap="md">
        <Group>
          <Avatar src={branch.logoUrl} size="lg" radius="md" alt={`${branch.name} logo`}>
            {branch.name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={4}>
            <FileButton
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              onChange={(file) => file && logo.mutate({ target: 'branches', id: branch.id, file })}
            >
              {(props) => (
                <Button {...props} size="xs" variant="default" loading={logo.isPending}>
                  Upload branch logo
                </Button>
              )}
            </FileButton>
            <FileButton
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              onChange={(file) => file && logo.mutate({ target: 'organizations', id: organization.id, file })}
            >
              {(props) => (
                <Button {...props} size="xs" variant="subtle">
                  Upload {organization.name} logo
                </Button>
              )}
            </FileButton>
          </Stack>
        </Group>
        <Switch
          label="Hide this branch from buyers"
          description="A hidden branch is left out of search; its listings are kept."
          checked={branch.hidden}
          onChange={(event) => hide.mutate({ id: branch.id, hidden: event.currentTarget.checked })}
        />
        <Group gap="xs">
          <Button
            color="red"
            variant="light"
            loading={zero.isPending}
            onClick={() =>
              modals.openConfirmModal({
                title: `Zero out ${branch.name}?`,
                children: (
                  <Text size="sm">
                    All {branch.listingCount} listings of this branch are set to 0 available. Prices are kept.
                  </Text>
                ),
                labels: { confirm: 'Zero out availability', cancel: 'Cancel' },
                confirmProps: { color: 'red' },
                onConfirm: () =>
                  zero.mutate(branch.id, {
                    onSuccess: (result) =>
                      notifications.show({ message: `${result.updated} listings set to 0`, color: 'green' }),
                  }),
              })
            }
          >
            Zero out availability
          </Button>
          <Button
            variant="default"
            loading={reindex.isPending}
            onClick={() =>
              reindex.mutate(branch.id, {
                onSuccess: () => notifications.show({ message: 'Search is up to date', color: 'green' }),
              })
            }
          >
            Reindex search
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A branch's rules, notices, logo and tools. */
export function BranchSettings({
  branch,
  organization,
}: {
  branch: InventoryBranch;
  organization: { id: number; name: string; logoUrl: string | null };
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <RequirementsCard branch={branch} />
      <NoticesCard branch={branch} />
      <ToolsCard branch={branch} organization={organization} />
    </SimpleGrid>
  );
}

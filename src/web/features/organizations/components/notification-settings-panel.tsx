import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatPhone } from '../../../../domain/accounts/phone';
import {
  categoryLabels,
  isRequiredKey,
  methodLabels,
  type NotificationKey,
  notificationTexts,
  offersText,
} from '../../../../domain/notifications/notification-settings';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import {
  type NotificationContact,
  type NotificationSettings,
  useChangeSubscriptions,
  useDeleteContact,
  useNotificationSettings,
} from '../api/notification-settings';
import { type ContactTarget, NotificationContactForm } from './notification-contact-form';

type Method = 'Email' | 'Phone';
type Section = { id: string; title: string; branchId: number | null; keys: NotificationKey[] };

/** Supplier branches (not hidden) each get a section; a buyer company gets one. */
function sectionsOf(settings: NotificationSettings): Section[] {
  const sections: Section[] = [];
  if (settings.keys.includes('branch_order_notification')) {
    for (const branch of settings.branches.filter((candidate) => !candidate.hidden)) {
      sections.push({
        id: `branch-${branch.id}`,
        title: branch.name,
        branchId: branch.id,
        keys: ['branch_order_notification', 'branch_photo_notification'],
      });
    }
  }
  if (settings.keys.includes('buyer_order_notification')) {
    sections.push({
      id: 'company',
      title: 'Your orders',
      branchId: null,
      keys: ['buyer_order_notification', 'requester_notification'],
    });
  }
  return sections;
}

const destinationOf = (contact: NotificationContact) =>
  contact.notificationMethod === 'Phone'
    ? formatPhone(contact.notificationDestination)
    : contact.notificationDestination;

/** Contacts of one method in one slot: those subscribed now, and those subscribed before (inactive). */
function slotContacts(
  settings: NotificationSettings,
  key: NotificationKey,
  branchId: number | null,
  method: Method,
) {
  const active: NotificationContact[] = [];
  const inactive: NotificationContact[] = [];
  for (const contact of settings.results) {
    if (contact.notificationMethod !== method) continue;
    const row = contact.subscriptions.find((s) => s.key === key && s.branchId === branchId);
    if (row?.active && contact.active) active.push(contact);
    else if (row) inactive.push(contact);
  }
  return { active, inactive };
}

function confirmDisable(category: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: notificationTexts.disableTitle,
    children: (
      <Text size="sm">
        Nobody will receive {category} notifications here any more. You can turn them back on at any time.
      </Text>
    ),
    labels: { confirm: 'Disable Notification', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

const refuseLastOrderEmail = () =>
  notifications.show({
    color: 'red',
    title: 'Cannot remove this contact',
    message: notificationTexts.lastOrderEmail,
  });

/**
 * The Notifications tab (spec part 3 §2.6): per branch (suppliers) or for the company (buyers), a
 * table Category / Email / Text. 'Edit Settings' unlocks it; every change saves at once.
 */
export function NotificationSettingsPanel({
  organizationId,
  heading = true,
}: {
  organizationId: number;
  /** False where the page's own title already says Notifications (the account area). */
  heading?: boolean;
}) {
  const settings = useNotificationSettings(organizationId);
  const change = useChangeSubscriptions(organizationId);
  const remove = useDeleteContact(organizationId);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState<ContactTarget | null>(null);
  const [opened, setOpened] = useState<string[] | null>(null);

  if (settings.isPending) return <Skeleton h={260} radius="md" aria-label="Loading notification settings" />;
  if (settings.isError) {
    return (
      <LoadErrorAlert
        error={settings.error}
        title="We couldn't load your notification settings"
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const data = settings.data;
  const sections = sectionsOf(data);
  const open = opened ?? sections.slice(0, 1).map((section) => section.id);

  const unsubscribe = (ids: number[], key: NotificationKey, branchId: number | null) =>
    change.mutate({ notificationContactIds: ids, subscriptionKey: key, branchId, subscribe: false });

  function toggle(section: Section, key: NotificationKey, method: Method, on: boolean) {
    const { active, inactive } = slotContacts(data, key, section.branchId, method);
    if (on) {
      if (inactive.length === 0) {
        setAdding({
          key,
          branchId: section.branchId,
          branchName: section.branchId ? section.title : null,
          method,
        });
        return;
      }
      change.mutate({
        notificationContactIds: inactive.map((contact) => contact.id),
        subscriptionKey: key,
        branchId: section.branchId,
        subscribe: true,
      });
      return;
    }
    confirmDisable(`${categoryLabels[key]} ${methodLabels[method].toLowerCase()}`, () =>
      unsubscribe(
        active.map((contact) => contact.id),
        key,
        section.branchId,
      ),
    );
  }

  function removeFromSlot(section: Section, key: NotificationKey, contact: NotificationContact) {
    const { active } = slotContacts(data, key, section.branchId, contact.notificationMethod);
    if (contact.notificationMethod === 'Email' && isRequiredKey(key) && active.length <= 1) {
      refuseLastOrderEmail();
      return;
    }
    if (active.length <= 1) {
      confirmDisable(categoryLabels[key], () => unsubscribe([contact.id], key, section.branchId));
      return;
    }
    unsubscribe([contact.id], key, section.branchId);
  }

  function deleteContact(contact: NotificationContact) {
    const held = contact.subscriptions.filter((row) => row.active);
    const slots = held.map((row) => ({
      row,
      others: slotContacts(data, row.key, row.branchId, contact.notificationMethod).active.length,
    }));
    if (
      contact.notificationMethod === 'Email' &&
      slots.some(({ row, others }) => isRequiredKey(row.key) && others <= 1)
    ) {
      refuseLastOrderEmail();
      return;
    }
    if (slots.some(({ others }) => others <= 1)) {
      confirmDisable(
        [
          ...new Set(slots.filter(({ others }) => others <= 1).map(({ row }) => categoryLabels[row.key])),
        ].join(' and '),
        () => remove.mutate(contact.id),
      );
      return;
    }
    modals.openConfirmModal({
      title: 'Remove contact',
      children: <Text size="sm">Remove {destinationOf(contact)} from every notification?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(contact.id),
    });
  }

  function cell(section: Section, keyName: NotificationKey, method: Method) {
    if (method === 'Phone' && !offersText(keyName)) {
      return (
        <Text size="sm" c="dimmed" fs="italic">
          {notificationTexts.textUnavailable}
        </Text>
      );
    }
    const { active } = slotContacts(data, keyName, section.branchId, method);
    const alwaysOn = method === 'Email' && isRequiredKey(keyName);
    const label = `${categoryLabels[keyName]} ${methodLabels[method]}${section.branchId ? ` for ${section.title}` : ''}`;
    return (
      <Stack gap={6}>
        {alwaysOn ? (
          <Switch checked disabled size="sm" label="Always on" aria-label={`${label}: always on`} />
        ) : (
          <Switch
            size="sm"
            checked={active.length > 0}
            disabled={!editing || change.isPending}
            label={active.length > 0 ? 'On' : 'Off'}
            aria-label={label}
            onChange={(event) => toggle(section, keyName, method, event.currentTarget.checked)}
          />
        )}
        <Group gap={6}>
          {active.map((contact) => (
            <Badge
              key={contact.id}
              size="lg"
              radius="xl"
              variant="light"
              color="gray"
              tt="none"
              fw={500}
              maw="100%"
              data-testid="subscribed-contact"
              rightSection={
                editing ? (
                  <CloseButton
                    size="xs"
                    aria-label={`Remove ${destinationOf(contact)} from ${label}`}
                    onClick={() => removeFromSlot(section, keyName, contact)}
                  />
                ) : undefined
              }
            >
              {destinationOf(contact)}
              {contact.contactLabel ? ` · ${contact.contactLabel}` : ''}
            </Badge>
          ))}
        </Group>
        {editing && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            w="fit-content"
            onClick={() =>
              setAdding({
                key: keyName,
                branchId: section.branchId,
                branchName: section.branchId ? section.title : null,
                method,
              })
            }
          >
            Add {methodLabels[method]}
          </Button>
        )}
      </Stack>
    );
  }

  function sectionTable(section: Section) {
    return (
      <>
        <Table
          visibleFrom="sm"
          layout="fixed"
          verticalSpacing="sm"
          aria-label={`Notifications for ${section.title}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">Category</Table.Th>
              <Table.Th w="42%">Email</Table.Th>
              <Table.Th w="30%">Text</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.keys.map((key) => (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {categoryLabels[key]}
                  </Text>
                  {isRequiredKey(key) && (
                    <Badge size="xs" variant="light" color="gray">
                      Required
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{cell(section, key, 'Email')}</Table.Td>
                <Table.Td>{cell(section, key, 'Phone')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack hiddenFrom="sm" gap="sm">
          {section.keys.map((key) => (
            <Paper key={key} withBorder radius="sm" p="sm">
              <Group gap={6} mb="xs">
                <Text fw={600} size="sm">
                  {categoryLabels[key]}
                </Text>
                {isRequiredKey(key) && (
                  <Badge size="xs" variant="light" color="gray">
                    Required
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Email
              </Text>
              {cell(section, key, 'Email')}
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt="sm">
                Text
              </Text>
              {cell(section, key, 'Phone')}
            </Paper>
          ))}
        </Stack>
      </>
    );
  }

  const branchSections = sections.filter((section) => section.branchId !== null);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            {heading && (
              <Title order={2} size="h4">
                Notifications
              </Title>
            )}
            <Text size="sm" c="dimmed">
              Who hears about orders and photo requests, by e-mail and text message.
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Button variant={editing ? 'filled' : 'default'} onClick={() => setEditing(!editing)}>
              {editing ? 'Finish Editing' : 'Edit Settings'}
            </Button>
            {editing && (
              <Text size="xs" c="dimmed" data-testid="autosaved-note">
                {notificationTexts.autosaved}
              </Text>
            )}
          </Stack>
        </Group>
        {sections.length === 0 && (
          <Text c="dimmed">Add a branch or place an order to choose who hears about it.</Text>
        )}
        {branchSections.length > 1 && (
          <Group gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => setOpened(sections.map((s) => s.id))}>
              Expand All
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setOpened([])}>
              Collapse All
            </Button>
          </Group>
        )}
        {sections.length > 0 && (
          <Accordion multiple value={open} onChange={setOpened} variant="separated" chevronPosition="left">
            {sections.map((section) => (
              <Accordion.Item
                key={section.id}
                value={section.id}
                data-testid={`notification-section-${section.id}`}
              >
                <Accordion.Control>
                  <Text fw={600}>{section.title}</Text>
                </Accordion.Control>
                <Accordion.Panel>{sectionTable(section)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        <div>
          <Title order={3} size="h5" mb="xs">
            Contacts
          </Title>
          <Stack gap={6}>
            {data.results.map((contact) => (
              <Group
                key={contact.id}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                data-testid="notification-contact"
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {destinationOf(contact)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {methodLabels[contact.notificationMethod]}
                    {contact.contactLabel ? ` · ${contact.contactLabel}` : ''}
                  </Text>
                </div>
                {editing && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove contact ${destinationOf(contact)}`}
                    onClick={() => deleteContact(contact)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        </div>
      </Stack>
      {adding && (
        <NotificationContactForm
          organizationId={organizationId}
          target={adding}
          onClose={() => setAdding(null)}
        />
      )}
    </Paper>
  );
}

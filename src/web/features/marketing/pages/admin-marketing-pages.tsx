import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { adZones } from '../../../../domain/marketing/ad-zones';
import type { AdminHouseAd } from '../../../../domain/marketing/house-ads';
import {
  type AdminMarketingMessage,
  audienceColor,
  marketingAudienceLabels,
} from '../../../../domain/marketing/marketing-messages';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { showSuccess } from '../../../shell/toasts';
import { EmptyList, pastTheEnd } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { useAdminHouseAds, useDeleteHouseAd, useSaveHouseAd } from '../api/house-ads';
import {
  useAdminMarketingMessage,
  useAdminMarketingMessages,
  useDeleteMarketingMessage,
  useSaveMarketingMessage,
} from '../api/marketing-messages';
import { HouseAdForm } from '../components/house-ad-form';
import { MarketingMessageForm } from '../components/marketing-message-form';

const perPage = 25;
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (value: string) => dateFormat.format(new Date(`${value}T00:00:00Z`));

function datesText(item: { activeFrom: string | null; activeTo: string | null }) {
  if (item.activeFrom && item.activeTo) return `${day(item.activeFrom)} – ${day(item.activeTo)}`;
  if (item.activeFrom) return `From ${day(item.activeFrom)}`;
  if (item.activeTo) return `Until ${day(item.activeTo)}`;
  return 'Always';
}

function LiveBadge({ item }: { item: { active: boolean; live: boolean } }) {
  if (item.live)
    return (
      <Badge color="green" variant="light">
        Live
      </Badge>
    );
  if (!item.active)
    return (
      <Badge color="gray" variant="light">
        Off
      </Badge>
    );
  return (
    <Badge color="yellow" variant="light">
      Outside dates
    </Badge>
  );
}

function confirmDelete(what: string, name: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: `Delete this ${what}?`,
    children: <Text size="sm">“{name}” will be deleted for everyone.</Text>,
    labels: { confirm: 'Delete', cancel: 'Keep it' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

function MessagesTable({ messages }: { messages: AdminMarketingMessage[] }) {
  const remove = useDeleteMarketingMessage();
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        highlightOnHover
        verticalSpacing="sm"
        data-testid="marketing-messages-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th w={190}>Audience</Table.Th>
            <Table.Th w={210}>Shown</Table.Th>
            <Table.Th w={130}>Status</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id} data-testid="marketing-message-row">
              <Table.Td>
                <Anchor component={Link} to={paths.editMarketingMessage(message.id)} fw={600} size="sm">
                  {message.title}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {message.message}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={audienceColor(message.audience)} variant="light" tt="none">
                  {marketingAudienceLabels[message.audience] ?? message.audience}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{datesText(message)}</Text>
              </Table.Td>
              <Table.Td>
                <LiveBadge item={message} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      component={Link}
                      to={paths.editMarketingMessage(message.id)}
                      variant="subtle"
                      aria-label={`Edit ${message.title}`}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${message.title}`}
                      onClick={() =>
                        confirmDelete('message', message.title, () =>
                          remove.mutate(message.id, {
                            onSuccess: () => showSuccess('Message deleted'),
                          }),
                        )
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/marketing: every marketing message, newest first. */
export function AdminMarketingPage() {
  const { page, update } = useListSearchParams();
  const messages = useAdminMarketingMessages({ page, perPage });
  return (
    <AdminFrame title="Marketing messages">
      <Group justify="space-between" mb="md" gap="sm">
        <Text size="sm" c="dimmed">
          Dismissible messages on the dashboard, for an audience and between optional dates.
        </Text>
        <Group gap="sm">
          {messages.isFetching && !messages.isPending && <Loader size="sm" aria-label="Updating" />}
          <Button component={Link} to={paths.newMarketingMessage} leftSection={<IconPlus size={16} />}>
            New Message
          </Button>
        </Group>
      </Group>
      {messages.isPending ? (
        <PageLoader />
      ) : messages.isError ? (
        <LoadErrorAlert
          title="Could not load the marketing messages"
          error={messages.error}
          onRetry={() => messages.refetch()}
        />
      ) : messages.data.results.length === 0 ? (
        <EmptyList
          testId="marketing-messages-empty"
          {...(page > 1 && messages.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : { message: 'No marketing messages yet.' })}
        />
      ) : (
        <MessagesTable messages={messages.data.results} />
      )}
      {messages.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={messages.data.totalCount}
          totalPages={messages.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}

/** /admin/marketing_messages/new */
export function NewMarketingMessagePage() {
  const navigate = useNavigate();
  const save = useSaveMarketingMessage(null);
  return (
    <AdminFrame title="New marketing message">
      <MarketingMessageForm
        submitLabel="Create Message"
        pending={save.isPending}
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          showSuccess('Message created');
          navigate(paths.adminMarketing);
        }}
      />
    </AdminFrame>
  );
}

/** /admin/marketing_messages/{id}/edit */
export function EditMarketingMessagePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const message = useAdminMarketingMessage(id);
  const save = useSaveMarketingMessage(id);
  return (
    <AdminFrame title="Edit marketing message">
      {message.isPending ? (
        <PageLoader />
      ) : message.isError ? (
        <LoadErrorAlert title="Could not load this message" error={message.error} />
      ) : (
        <MarketingMessageForm
          key={message.data.id}
          initial={message.data}
          submitLabel="Save Changes"
          pending={save.isPending}
          onSubmit={async (values) => {
            await save.mutateAsync(values);
            showSuccess('Message saved');
            navigate(paths.adminMarketing);
          }}
        />
      )}
    </AdminFrame>
  );
}

const zoneLabel = (zoneId: string) => adZones.find((zone) => zone.id === zoneId)?.label ?? zoneId;

function HouseAdModal({ editing, onClose }: { editing: AdminHouseAd | 'new' | null; onClose: () => void }) {
  const initial = editing === 'new' ? null : editing;
  const save = useSaveHouseAd(initial?.id ?? null);
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={initial ? 'Edit house ad' : 'New house ad'}
      size="lg"
    >
      {editing !== null && (
        <HouseAdForm
          key={initial?.id ?? 'new'}
          initial={initial}
          pending={save.isPending}
          onCancel={onClose}
          onSubmit={async (values) => {
            await save.mutateAsync(values);
            showSuccess(initial ? 'Ad saved' : 'Ad created');
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

/** /admin/house_ads: our own ads for the pages' ad zones. */
export function AdminHouseAdsPage() {
  const { page, update } = useListSearchParams();
  const ads = useAdminHouseAds({ page, perPage });
  const remove = useDeleteHouseAd();
  const [editing, setEditing] = useState<AdminHouseAd | 'new' | null>(null);
  const phoneCards = usePhoneCards();
  return (
    <AdminFrame title="House ads">
      <Group justify="space-between" mb="md" gap="sm">
        <Text size="sm" c="dimmed">
          Ads in the dashboard and search page zones. A zone without a live ad takes no space.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          New Ad
        </Button>
      </Group>
      {ads.isPending ? (
        <PageLoader />
      ) : ads.isError ? (
        <LoadErrorAlert
          title="Could not load the house ads"
          error={ads.error}
          onRetry={() => ads.refetch()}
        />
      ) : ads.data.results.length === 0 ? (
        <EmptyList
          testId="house-ads-empty"
          {...(page > 1 && ads.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : { message: 'No house ads yet.' })}
        />
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table
            ref={phoneCards}
            className="phone-cards"
            highlightOnHover
            verticalSpacing="sm"
            data-testid="house-ads-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>Image</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th w={230}>Zone</Table.Th>
                <Table.Th w={190}>Shown</Table.Th>
                <Table.Th w={130}>Status</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ads.data.results.map((ad) => (
                <Table.Tr key={ad.id} data-testid="house-ad-row">
                  <Table.Td>
                    <Image src={ad.imageUrl} alt={ad.altText} h={48} w={120} fit="contain" radius="sm" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {ad.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {ad.linkUrl}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{ad.zoneId}</Text>
                    <Text size="xs" c="dimmed">
                      {zoneLabel(ad.zoneId)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{datesText(ad)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <LiveBadge item={ad} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${ad.name}`}
                        onClick={() => setEditing(ad)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${ad.name}`}
                        onClick={() =>
                          confirmDelete('ad', ad.name, () =>
                            remove.mutate(ad.id, {
                              onSuccess: () => showSuccess('Ad deleted'),
                            }),
                          )
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {ads.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={ads.data.totalCount}
          totalPages={ads.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
      <HouseAdModal editing={editing} onClose={() => setEditing(null)} />
    </AdminFrame>
  );
}

import { Anchor, Avatar, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can } from '../../../../domain/admin/beehive-access';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { DateTime } from '../../../ui/date-time';
import { formatMoney } from '../../../ui/money';
import type { FeedMessage, ThreadFeed } from '../api/messages-api';
import { PhotoRequestAction, ReplyPhotos } from './photo-request-actions';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The details an order or cart event carries, by message type (spec part 3 §2.5). */
function EventDetails({ message }: { message: FeedMessage }) {
  const payload = message.event?.eventPayload ?? {};
  if (message.messageType === 'cart_submitted' && Array.isArray(payload.orders)) {
    const orders = payload.orders as { id: number; orderNumber: string; branchName: string; total: number }[];
    return (
      <List size="sm" spacing={2}>
        {orders.map((order) => (
          <List.Item key={order.id}>
            <Anchor component={Link} to={paths.order(order.id)}>
              Order {order.orderNumber}
            </Anchor>{' '}
            · {order.branchName} · {formatMoney(order.total)}
          </List.Item>
        ))}
      </List>
    );
  }
  if (message.event?.kind !== 'orderEvent') return null;
  const details: [string, string | null][] = [
    ['Order', text(payload.orderNumber)],
    ['Job', text(payload.jobNumber)],
    ['Supplier', text(payload.branchName)],
    ['Fulfillment', text(payload.fulfillmentType)],
    ['Expected', text(payload.expectedDate)],
    ['Version', message.event.version === null ? null : String(message.event.version)],
  ];
  return (
    <Group gap="md" wrap="wrap">
      {details
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Text key={label} size="xs" c="dimmed">
            {label}: <strong>{value}</strong>
          </Text>
        ))}
    </Group>
  );
}

/** One message of the event feed: sender, time, organisation or staff title, content, files, action. */
export function FeedMessageCard({ message, thread }: { message: FeedMessage; thread: ThreadFeed['thread'] }) {
  const name = message.sender?.fullName ?? message.organizationLine ?? 'Hedgerow';
  const logo = message.sendingOrganization?.logoUrl ?? null;
  const { user } = useCurrentUser();
  const actionTo = (target: FeedMessage['actions'][number]['target'], label: string, resourceId?: number) => {
    if (target === 'freight_estimate' && resourceId !== undefined)
      return paths.newFreightEstimate(resourceId);
    if (target === 'order' && thread.order)
      return label === 'Respond to Order'
        ? paths.respondToOrder(thread.order.id)
        : paths.order(thread.order.id);
    // Staff who edit carts open a freight request's cart in Beehive's cart view (issue 20).
    if (
      target === 'cart' &&
      thread.cart &&
      message.messageType === 'freight_quote_request' &&
      can(user, 'edit_carts')
    )
      return paths.adminCart(thread.cart.cartNumber);
    if (target === 'cart' && thread.cart) return paths.cart(thread.cart.id);
    return null;
  };
  return (
    <Paper
      withBorder
      p="md"
      data-testid="feed-message"
      data-message-type={message.messageType}
      bg={message.mine ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Avatar src={logo} alt="" radius="xl" color="hedge">
          {initials(message.organizationLine || name)}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm">
                {name}
              </Text>
              {message.organizationLine && (
                <Text size="sm" c="dimmed" data-testid="feed-organization">
                  {message.organizationLine}
                </Text>
              )}
              {message.responseStatus === 'unread' && !message.mine && (
                <Badge size="xs" color="red">
                  New
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              <DateTime value={message.createdAt} />
            </Text>
          </Group>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="feed-content"
          >
            {message.content}
          </Text>
          <EventDetails message={message} />
          <ReplyPhotos message={message} />
          {message.messageAttachments.length > 0 && (
            <Stack gap={2} data-testid="feed-attachments">
              {message.messageAttachments.map((file) => (
                <Group key={file.id} gap={6} wrap="nowrap">
                  {file.image ? (
                    <IconPhoto size={16} />
                  ) : file.contentType === 'application/pdf' ? (
                    <IconFile size={16} />
                  ) : (
                    <IconPaperclip size={16} />
                  )}
                  <Anchor component={Link} to={paths.threadDocument(file.id)} size="sm" target="_blank">
                    {file.filename}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {Math.max(1, Math.round(file.byteSize / 1024))} KB
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          {message.actions.length > 0 && (
            <Group gap="xs" mt={4}>
              {message.actions.map((action) => {
                if (
                  !action.disabled &&
                  (action.target === 'photo_reply' ||
                    action.target === 'photo_undo' ||
                    action.target === 'add_to_cart')
                )
                  return <PhotoRequestAction key={action.label} message={message} action={action} />;
                const to = actionTo(action.target, action.label, action.resourceId);
                return action.disabled || !to ? (
                  <Button key={action.label} size="xs" disabled data-testid="feed-action">
                    {action.label}
                  </Button>
                ) : (
                  <Button key={action.label} size="xs" component={Link} to={to} data-testid="feed-action">
                    {action.label}
                  </Button>
                );
              })}
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

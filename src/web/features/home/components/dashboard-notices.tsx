import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCamera,
  IconDiscount2,
  IconLock,
  IconMail,
  IconPackage,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { supportContact } from '../../../../domain/brand';
import type { CurrentUser } from '../../../../domain/users/current-user';
import { paths } from '../../../paths';
import {
  attentionPollMs,
  usePageVisible,
  useUnreadMessageCount,
} from '../../../shell/use-unread-message-count';
import {
  noticesQueryOptions,
  orderCountsQueryOptions,
  photoRequestCountsQueryOptions,
} from '../api/dashboard-api';

export const discountBannerText =
  "Thanks for being a valuable customer! You'll automatically receive a loyalty discount off of every cart you submit.";
export const needsPaymentText = 'Add a credit card or bank account or your orders could be delayed.';
export const unauthorizedMessageText = 'This account does not have permissions to view this message';

/** The loyalty discount banner and the payment warnings; nothing while payment methods are unknown. */
export function DashboardNotices() {
  const query = useQuery(noticesQueryOptions());
  const notices = query.data;
  // A failure here hides banners only; they are hints, not content.
  if (!notices) return null;
  return (
    <>
      {notices.discountBanner && (
        <Alert color="hedge" variant="light" icon={<IconDiscount2 size={18} />} data-testid="discount-banner">
          {discountBannerText}
        </Alert>
      )}
      {notices.needsPaymentWarning && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="payment-warning"
        >
          <Stack gap="xs">
            <Text size="sm">{needsPaymentText}</Text>
            <Group gap="sm">
              <Button component={Link} to={paths.paymentMethods} size="xs" color="orange">
                Add Payment Method
              </Button>
              <Anchor href={supportContact.phoneHref} size="sm">
                Call us at {supportContact.phone}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}
    </>
  );
}

/** Shown when a message link led here that this account may not read. */
export function UnauthorizedMessageNotice() {
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} />} data-testid="unauthorized-message">
      {unauthorizedMessageText}.{' '}
      <Anchor component={Link} to={paths.contact} size="sm" fw={600}>
        Contact Us
      </Anchor>
    </Alert>
  );
}

/** Orders and messages needing attention, checked every 5 s while the tab is visible. */
export function AttentionAlerts({ user }: { user: CurrentUser }) {
  const visible = usePageVisible();
  const counts = useQuery({
    ...orderCountsQueryOptions(),
    refetchInterval: visible ? attentionPollMs : false,
    enabled: Boolean(user.organizationId),
  });
  const unread = useUnreadMessageCount();
  // Photo requests waiting for the supplier's branches (photo_request_count_by_branch, issue 16).
  const photos = useQuery({ ...photoRequestCountsQueryOptions(), enabled: user.supplier });
  const supplierCount = user.supplier ? (counts.data?.supplierNeedsResponse ?? 0) : 0;
  const buyerCount = counts.data?.buyerNeedsResponse ?? 0;
  const photoCount = user.supplier ? (photos.data?.total ?? 0) : 0;
  if (supplierCount === 0 && buyerCount === 0 && unread === 0 && photoCount === 0) return null;
  return (
    <Stack gap="xs" data-testid="attention-alerts">
      {photoCount > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCamera size={18} />}
          data-testid="photo-request-attention"
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {photoCount} photo {photoCount === 1 ? 'request waits' : 'requests wait'} for your photos
              {photos.data && photos.data.results.length > 1
                ? ` (${photos.data.results.map((row) => `${row.branchName}: ${row.count}`).join(', ')})`
                : ''}
            </Text>
            <Anchor component={Link} to={`${paths.messages}?label=Photo%20Request`} size="sm" fw={600}>
              Add photos
            </Anchor>
          </Group>
        </Alert>
      )}
      {supplierCount > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconPackage size={18} />}
          data-testid="supplier-attention"
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {supplierCount} {supplierCount === 1 ? 'order needs' : 'orders need'} your response
            </Text>
            <Anchor component={Link} to={paths.ordersNeedingResponse} size="sm" fw={600}>
              Respond to orders
            </Anchor>
          </Group>
        </Alert>
      )}
      {buyerCount > 0 && (
        <Alert color="orange" variant="light" icon={<IconPackage size={18} />} data-testid="buyer-attention">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {buyerCount} {buyerCount === 1 ? 'order needs' : 'orders need'} your review
            </Text>
            <Anchor component={Link} to={paths.ordersTab('buyer', 'needs_response')} size="sm" fw={600}>
              Review orders
            </Anchor>
          </Group>
        </Alert>
      )}
      {unread > 0 && (
        <Alert color="blue" variant="light" icon={<IconMail size={18} />} data-testid="messages-attention">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {unread} unread {unread === 1 ? 'message' : 'messages'}
            </Text>
            <Anchor component={Link} to={`${paths.messages}?view=inbox`} size="sm" fw={600}>
              Read messages
            </Anchor>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

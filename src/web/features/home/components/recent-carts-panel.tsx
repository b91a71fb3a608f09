import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dashboardLimits } from '../../../../domain/dashboard/dashboard-layout';
import { formatMoney } from '../../../../domain/money';
import { paths } from '../../../paths';
import { recentCartsQueryOptions } from '../api/dashboard-api';
import { DashboardPanel, PanelState } from './dashboard-panel';
import { shortDate } from './dates';

/** Recent Carts (part 1 §2.1): 10 fetched, 5 shown, Show More adds 10, View All. */
export function RecentCartsPanel() {
  const query = useInfiniteQuery(recentCartsQueryOptions());
  const [shown, setShown] = useState<number>(dashboardLimits.recentCartsShown);
  const carts = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages[0]?.totalCount ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // Showing more than is loaded fetches the next page of 10.
  useEffect(() => {
    if (shown > carts.length && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [shown, carts.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <DashboardPanel title="Recent Carts" viewAllTo={paths.carts} testId="recent-carts">
      <PanelState
        isPending={query.isPending}
        error={query.error}
        title="Your recent carts could not be loaded"
        onRetry={() => void query.refetch()}
      />
      {query.isSuccess && carts.length === 0 && (
        <Text c="dimmed" size="sm">
          You have no open carts yet.{' '}
          <Anchor component={Link} to={paths.newCart}>
            Start a cart
          </Anchor>{' '}
          to collect the items a job needs and compare suppliers.
        </Text>
      )}
      {carts.length > 0 && (
        <Stack gap={0}>
          {carts.slice(0, shown).map((cart) => (
            <Group
              key={cart.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              gap="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="recent-cart"
            >
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.cart(cart.id)} fw={600} lineClamp={1}>
                  {cart.name}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {[
                    cart.jobData.externalJobNumber && `Job ${cart.jobData.externalJobNumber}`,
                    cart.jobData.externalPhase && `Phase ${cart.jobData.externalPhase}`,
                    `${cart.skusCount} ${cart.skusCount === 1 ? 'item' : 'items'}`,
                    `Updated ${shortDate(cart.updatedAt)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(cart.total)}
              </Text>
            </Group>
          ))}
          {shown < total && (
            <Button
              variant="subtle"
              mt="xs"
              onClick={() => setShown(shown + dashboardLimits.recentCartsStep)}
              loading={isFetchingNextPage}
            >
              Show More
            </Button>
          )}
        </Stack>
      )}
    </DashboardPanel>
  );
}

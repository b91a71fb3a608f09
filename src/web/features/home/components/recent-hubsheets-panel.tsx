import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { recentHubsheetsQueryOptions } from '../api/dashboard-api';
import { DashboardPanel, PanelState } from './dashboard-panel';
import { shortDate } from './dates';

/** Recent HubSheets (part 1 §2.1): 3 per page, Show More loads the next page, View All. */
export function RecentHubsheetsPanel() {
  const query = useInfiniteQuery(recentHubsheetsQueryOptions());
  const hubsheets = query.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <DashboardPanel title="Recent HubSheets" viewAllTo={paths.hubsheets} testId="recent-hubsheets">
      <PanelState
        isPending={query.isPending}
        error={query.error}
        title="Your recent HubSheets could not be loaded"
        onRetry={() => void query.refetch()}
      />
      {query.isSuccess && hubsheets.length === 0 && (
        <Text c="dimmed" size="sm">
          No HubSheets yet.{' '}
          <Anchor component={Link} to={paths.newHubsheet}>
            Upload a list
          </Anchor>{' '}
          (.csv, .xls or .xlsx) and we'll match it to products.
        </Text>
      )}
      {hubsheets.length > 0 && (
        <Stack gap={0}>
          {hubsheets.map((hubsheet) => (
            <Group
              key={hubsheet.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              gap="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="recent-hubsheet"
            >
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`${paths.hubsheets}/${hubsheet.id}`} fw={600} lineClamp={1}>
                  {hubsheet.name}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {[
                    hubsheet.postalCode && `Job zip ${hubsheet.postalCode}`,
                    `${hubsheet.listItemsCount} ${hubsheet.listItemsCount === 1 ? 'line' : 'lines'}`,
                    `Updated ${shortDate(hubsheet.updatedAt)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
            </Group>
          ))}
          {query.hasNextPage && (
            <Button
              variant="subtle"
              mt="xs"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Show More
            </Button>
          )}
        </Stack>
      )}
    </DashboardPanel>
  );
}

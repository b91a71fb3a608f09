import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconDownload,
  IconFilePlus,
  IconPencil,
  IconPhotoScan,
  IconPlus,
  IconSearch,
  IconTableImport,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { canUseSite } from '../../../../domain/access';
import type { HubsheetSummary } from '../../../../domain/hubsheets/hubsheet-types';
import { formatNumber } from '../../../../domain/text/number-format';
import { useCurrentUser } from '../../../api/current-user';
import { useFeatures } from '../../../api/features';
import { paths } from '../../../paths';
import { TableSkeleton } from '../../../ui/availability-table';
import { PaginationBar } from '../../../ui/pagination-bar';
import { hubsheetsPerPage, useHubsheetList } from '../api/hubsheets-api';
import { DesktopOnlyNotice, HubsheetsRestrictedNotice } from '../components/hubsheet-notices';
import { HubsheetStatusPill } from '../components/hubsheet-status';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export const noMatchText = (query: string) => `Your search term "${query}" did not match any Hubsheets.`;

function NewMenu({ converter }: { converter: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          New
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.newHubsheetImport} leftSection={<IconTableImport size={16} />}>
          Import .csv, .xls, .xlsx
        </Menu.Item>
        <Menu.Item component={Link} to={paths.newHubsheetScratch} leftSection={<IconFilePlus size={16} />}>
          Start from scratch
        </Menu.Item>
        {converter && (
          <Menu.Item
            component={Link}
            to={paths.hubsheetFileConverter}
            leftSection={<IconPhotoScan size={16} />}
          >
            Convert .jpg, .pdf, .png
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" lineClamp={1}>
        {children}
      </Text>
    </Group>
  );
}

function HubsheetCard({ hubsheet }: { hubsheet: HubsheetSummary }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="hubsheet-card" data-hubsheet-id={hubsheet.id}>
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={paths.hubsheet(hubsheet.id)} fw={700} lineClamp={2}>
              {hubsheet.name}
            </Anchor>
            <HubsheetStatusPill status={hubsheet.status} />
          </Group>
          <Text size="xs" c="dimmed">
            Created {formatDate(hubsheet.createdAt)} by {hubsheet.user?.fullName || 'Unknown'}
          </Text>
          <Stack gap={2}>
            <Detail label="Postal code">{hubsheet.postalCode || 'N/A'}</Detail>
            <Detail label="Items">{formatNumber(hubsheet.listItemsCount)}</Detail>
            <Detail label="Last updated">{formatDate(hubsheet.updatedAt)}</Detail>
          </Stack>
        </Stack>
        <Group gap="xs" grow>
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={paths.hubsheetDownload(hubsheet.id)}
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            component={Link}
            to={paths.hubsheet(hubsheet.id)}
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            Edit
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const steps = [
  {
    title: 'Upload Materials List',
    text: 'Use our standard template or upload your own .csv, .xls, .xlsx file.',
  },
  {
    title: 'Match Your Products',
    text: 'Every line is matched to the catalog with a confidence score you can review.',
  },
  {
    title: 'Get Market Estimates',
    text: 'See how many nurseries carry each item nearby, and the low and median price.',
  },
  {
    title: 'Find Suppliers and Order',
    text: 'Pick the suppliers that cover your list and add the lines to carts.',
  },
];

function EmptyState() {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="hubsheets-empty">
      <Stack gap="lg" align="center">
        <Title order={2} size="h3" ta="center">
          Turn your material list into priced, sourced orders
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" w="100%">
          {steps.map((step, index) => (
            <Stack key={step.title} gap={6} align="center" ta="center">
              <ThemeIcon radius="xl" size="lg" variant="light">
                {index + 1}
              </ThemeIcon>
              <Text fw={700}>{step.title}</Text>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
              {index === 0 && (
                <Anchor href={paths.hubsheetTemplate} size="sm">
                  Download the template
                </Anchor>
              )}
            </Stack>
          ))}
        </SimpleGrid>
        <Button component={Link} to={paths.newHubsheet} leftSection={<IconPlus size={16} aria-hidden />}>
          Create New Hubsheet
        </Button>
      </Stack>
    </Paper>
  );
}

/** /hubsheets: the organisation's hubsheets as cards, 20 a page, most recently updated first. */
export function HubsheetsIndexPage() {
  const { user } = useCurrentUser();
  const { isOn } = useFeatures();
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const [search, setSearch] = useState(query);
  const [debounced] = useDebouncedValue(search, 300);
  const revoked = Boolean(user && !canUseSite(user.status));

  const update = (changes: { query?: string | null; page?: number }) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (changes.query !== undefined) {
        if (changes.query) next.set('query', changes.query);
        else next.delete('query');
        next.delete('page');
      }
      if (changes.page !== undefined) {
        if (changes.page > 1) next.set('page', String(changes.page));
        else next.delete('page');
      }
      return next;
    });

  useEffect(() => setSearch(query), [query]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value writes the URL
  useEffect(() => {
    if (debounced.trim() !== query) update({ query: debounced.trim() || null });
  }, [debounced]);

  const list = useHubsheetList({ query, page });
  const clear = () => {
    setSearch('');
    update({ query: null });
  };

  return (
    <Box maw={1200} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1} fz={28}>
            HubSheets
          </Title>
          {!revoked && <NewMenu converter={isOn('IMAGE_CONVERTER')} />}
        </Group>
        <DesktopOnlyNotice />
        {revoked ? (
          <HubsheetsRestrictedNotice />
        ) : (
          <>
            <TextInput
              aria-label="Search hubsheets"
              placeholder="Search hubsheets..."
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') update({ query: search.trim() || null });
              }}
              w={{ base: '100%', sm: 360 }}
            />
            {list.isPending ? (
              <TableSkeleton rows={9} />
            ) : list.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {list.error.message}
                <Button
                  display="block"
                  mt="sm"
                  size="compact-sm"
                  variant="white"
                  color="red"
                  onClick={() => list.refetch()}
                >
                  Try again
                </Button>
              </Alert>
            ) : list.data.totalCount === 0 && query ? (
              <Paper withBorder p="xl" ta="center" data-testid="hubsheets-no-match">
                <Text fw={600}>{noMatchText(query)}</Text>
                <Button mt="md" variant="default" onClick={clear}>
                  Clear Search
                </Button>
              </Paper>
            ) : list.data.totalCount === 0 ? (
              <EmptyState />
            ) : (
              <Stack gap={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="hubsheets-grid">
                  {list.data.results.map((hubsheet) => (
                    <HubsheetCard key={hubsheet.id} hubsheet={hubsheet} />
                  ))}
                </SimpleGrid>
                <PaginationBar
                  page={page}
                  perPage={hubsheetsPerPage}
                  totalCount={list.data.totalCount}
                  totalPages={list.data.totalPages}
                  onPageChange={(next) => update({ page: next })}
                />
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}

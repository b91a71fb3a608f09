import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { HubsheetView, ListItemView } from '../../../../domain/hubsheets/hubsheet-types';
import { matchConfidence } from '../../../../domain/hubsheets/match-confidence';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { showError } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { usePhoneCards } from '../../../ui/phone-cards';
import { downloadHubsheet, useHubsheet } from '../api/hubsheets-api';
import { type ListItemActions, useListItemActions } from '../api/use-list-item-actions';
import { AddLineForm } from '../components/add-line-form';
import { CatalogMatchModal } from '../components/catalog-match-modal';
import { EstimationView } from '../components/estimation-view';
import { HubsheetHeader } from '../components/hubsheet-header';
import { DesktopOnlyNotice } from '../components/hubsheet-notices';
import { ListItemRow } from '../components/list-item-row';
import { SourcingPanel } from '../components/sourcing-panel';

function useIdParam(): number | null {
  const { id = '' } = useParams();
  const value = Number(id);
  return /^\d+$/.test(id) && value > 0 ? value : null;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** The import summary: how many lines are perfect, matched, to review, unmatched, pending. */
function ImportSummary({ hubsheet }: { hubsheet: HubsheetView }) {
  const { summary } = hubsheet;
  const bands = [
    { count: summary.perfect, ...matchConfidence(100) },
    { count: summary.match, ...matchConfidence(80) },
    { count: summary.needsReview, ...matchConfidence(50) },
    { count: summary.noMatch, ...matchConfidence(0) },
    { count: summary.pending, ...matchConfidence(null, 'pending') },
  ].filter((band) => band.count > 0 || band.key !== 'pending');
  return (
    <Group gap="xs" data-testid="import-summary">
      {bands.map((band) => (
        <Badge
          key={band.key}
          color={band.color}
          variant="light"
          size="lg"
          data-testid={`summary-${band.key}`}
          styles={{ root: { textTransform: 'none' } }}
        >
          {band.label}: {band.count}
        </Badge>
      ))}
      {summary.quantityFlagged > 0 && (
        <Badge
          color="orange"
          variant="light"
          size="lg"
          data-testid="summary-quantity-flagged"
          styles={{ root: { textTransform: 'none' } }}
        >
          Need a quantity: {summary.quantityFlagged}
        </Badge>
      )}
    </Group>
  );
}

function MatchingProgress({ hubsheet }: { hubsheet: HubsheetView }) {
  const { matching } = hubsheet;
  if (matching.state === 'done') return null;
  const percent = matching.total ? Math.round((matching.matched / matching.total) * 100) : 0;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="matching-progress">
      <Group justify="space-between" mb={6}>
        <Group gap={6}>
          <Loader size="xs" />
          <Text size="sm" fw={600}>
            Matching your list…
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {formatNumber(matching.matched)} of {formatNumber(matching.total)} lines
        </Text>
      </Group>
      <Progress value={percent} animated aria-label="Matching progress" />
      <Text size="xs" c="dimmed" mt={4}>
        You can keep working: lines fill in as they are matched.
      </Text>
    </Paper>
  );
}

function LinesGrid({ hubsheet, actions }: { hubsheet: HubsheetView; actions: ListItemActions }) {
  const [searchItem, setSearchItem] = useState<ListItemView | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const items = useMemo(
    () => [...hubsheet.listItems].sort((a, b) => a.position - b.position || a.id - b.id),
    [hubsheet.listItems],
  );
  const idKey = items.map((item) => item.id).join(',');
  const ids = useMemo(() => (idKey ? idKey.split(',').map(Number) : []), [idKey]);
  const latestIds = useRef(ids);
  latestIds.current = ids;
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      const { active, over } = event;
      if (!over || active.id === over.id) return;
      const current = latestIds.current;
      void actions.reorder(
        arrayMove(current, current.indexOf(Number(active.id)), current.indexOf(Number(over.id))),
      );
    },
    [actions],
  );
  const onSearchCatalog = useCallback((item: ListItemView) => setSearchItem(item), []);
  // One card per line on a phone (layout only).
  const phoneCards = usePhoneCards();

  return (
    <Paper withBorder radius="md" p={0}>
      <Table.ScrollContainer minWidth={1040} type="native" tabIndex={0}>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <Table
            ref={phoneCards}
            className="phone-cards"
            verticalSpacing={6}
            horizontalSpacing="xs"
            data-testid="lines-grid"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>#</Table.Th>
                <Table.Th>Your list</Table.Th>
                <Table.Th>Matched product and size</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Budgeted Price</Table.Th>
                <Table.Th>Confidence</Table.Th>
                <Table.Th>Market Supply</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <Table.Tbody>
                {items.map((item, index) => (
                  <ListItemRow
                    key={item.id}
                    item={item}
                    index={index}
                    actions={actions}
                    sortable={items.length > 1}
                    onSearchCatalog={onSearchCatalog}
                  />
                ))}
              </Table.Tbody>
            </SortableContext>
          </Table>
        </DndContext>
      </Table.ScrollContainer>
      {items.length === 0 && (
        <Text ta="center" c="dimmed" py="lg" size="sm">
          No lines yet. Add the first one below.
        </Text>
      )}
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <AddLineForm actions={actions} />
      </Box>
      <CatalogMatchModal
        item={searchItem}
        onClose={() => setSearchItem(null)}
        onChoose={(item, product, variant) => {
          setSearchItem(null);
          void actions.update(
            item,
            { productId: product.id, productVariantId: variant?.id ?? null },
            {
              product: {
                id: product.id,
                primaryName: product.primaryName,
                secondaryName: product.secondaryName,
                pathIdentifier: product.pathIdentifier,
              },
              productVariant: variant,
              matchScore: 100,
              matchState: 'matched',
              chosenByUser: true,
            },
          );
        }}
      />
    </Paper>
  );
}

/** The page's two modes (part 2 §9): estimation shows the figures for a bid, procurement sources and orders. */
export type HubsheetMode = 'estimation' | 'procurement';

function useModeParam(): [HubsheetMode, (mode: HubsheetMode) => void] {
  const [params, setParams] = useSearchParams();
  const mode: HubsheetMode = params.get('mode') === 'estimation' ? 'estimation' : 'procurement';
  const setMode = (next: HubsheetMode) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'procurement') copy.delete('mode');
        else copy.set('mode', next);
        return copy;
      },
      { replace: true },
    );
  return [mode, setMode];
}

function HubsheetContent({ id }: { id: number }) {
  const hubsheet = useHubsheet(id);
  const actions = useListItemActions(id);
  const [mode, setMode] = useModeParam();
  if (hubsheet.isPending)
    return (
      <Center py={80}>
        <Loader aria-label="Loading hubsheet" />
      </Center>
    );
  if (hubsheet.isError) {
    if (hubsheet.error instanceof ApiError && hubsheet.error.status === 404) return <NotFoundContent />;
    return (
      <Container size="sm" py="lg">
        <LoadErrorAlert
          title="Could not load this hubsheet"
          error={hubsheet.error}
          onRetry={() => hubsheet.refetch()}
        />
      </Container>
    );
  }
  const data = hubsheet.data;
  return (
    <Box maw={1400} mx="auto" px={{ base: 'xs', sm: 'lg' }} py="lg">
      <Stack gap="md">
        <Breadcrumbs>
          <Anchor component={Link} to={paths.hubsheets} size="sm">
            HubSheets
          </Anchor>
          <Text size="sm" lineClamp={1}>
            {data.name}
          </Text>
        </Breadcrumbs>
        <Box hiddenFrom="md">
          <DesktopOnlyNotice />
        </Box>
        <HubsheetHeader hubsheet={data} />
        <Group justify="space-between" align="center" gap="sm">
          <ImportSummary hubsheet={data} />
          <Text size="sm" c="dimmed">
            {formatNumber(data.listItems.length)} {data.listItems.length === 1 ? 'line' : 'lines'}
          </Text>
        </Group>
        <MatchingProgress hubsheet={data} />
        <Group justify="space-between" align="center" gap="sm">
          <SegmentedControl
            aria-label="Mode"
            data-testid="hubsheet-mode"
            value={mode}
            onChange={(value) => setMode(value as HubsheetMode)}
            data={[
              { label: 'Estimation', value: 'estimation' },
              { label: 'Procurement', value: 'procurement' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {mode === 'estimation'
              ? 'Figures for a bid: supplier prices, freight and landed unit prices.'
              : 'Choose suppliers and add the lines to a cart.'}
          </Text>
        </Group>
        {mode === 'estimation' ? (
          <EstimationView hubsheet={data} />
        ) : (
          <>
            <LinesGrid hubsheet={data} actions={actions} />
            <SourcingPanel hubsheet={data} />
          </>
        )}
      </Stack>
    </Box>
  );
}

/** /hubsheets/{id}: the list, its matches, the market and the suppliers. */
export function HubsheetPage() {
  const id = useIdParam();
  if (id === null) return <NotFoundContent />;
  return <HubsheetContent id={id} />;
}

/** /hubsheets/{id}/download[?format=csv|xlsx]: starts the download and links back. */
export function HubsheetDownloadPage() {
  const id = useIdParam();
  const [params] = useSearchParams();
  const format = params.get('format') === 'xlsx' ? 'xlsx' : 'csv';
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const start = useCallback(async () => {
    if (id === null) return;
    setError(null);
    try {
      await downloadHubsheet(id, format);
    } catch (failure) {
      setError(messageOf(failure));
      showError(messageOf(failure));
    }
  }, [id, format]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);
  if (id === null) return <NotFoundContent />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h3">
          Your download should start in a moment
        </Title>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <Button leftSection={<IconDownload size={16} />} onClick={() => void start()}>
            Download again
          </Button>
          <Button component={Link} to={paths.hubsheet(id)} variant="default">
            Back to the hubsheet
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

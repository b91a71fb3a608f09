import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Drawer,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { productName } from '../../../../domain/brand';
import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { type SearchSort, searchSortLabels, searchSorts } from '../../../../domain/search/search-sorts';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { useCurrentCart } from '../../../api/current-cart';
import { useCurrentUser } from '../../../api/current-user';
import { mobileBreakpointPx } from '../../../theme';
import { AdZone } from '../../../ui/ad-zone';
import { PaginationBar } from '../../../ui/pagination-bar';
import { recordSearchClick } from '../api/record-search-click';
import { useProductSearch } from '../api/search-products';
import { activeFilterChips } from '../components/active-filters';
import { FilterPanel } from '../components/filter-panel';
import { ProductTile, ProductTileSkeleton, type RenderAddToCart } from '../components/product-tile';
import {
  NoResultsCard,
  SourcingCard,
  StartSearchCard,
  SupplierFilterNotices,
} from '../components/search-notices';
import {
  effectiveSort,
  hasFilters,
  readSortCookie,
  toApiParams,
  useSearchUrl,
  writeSortCookie,
} from '../search-url';

/** Loading shows this many stand-in tiles (spec part 2 §9). */
const skeletonTiles = 9;
const pageName = 'Product Search';
const desktopQuery = `(min-width: ${mobileBreakpointPx}px)`;

function QueryBox({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [value, setValue] = useState(query);
  useEffect(() => setValue(query), [query]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <search aria-label="Product search">
      <form onSubmit={submit}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            type="search"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            placeholder="Botanical, common or trade name"
            aria-label="Search for products"
            leftSection={<IconSearch size={18} aria-hidden />}
            enterKeyHint="search"
            autoComplete="off"
            style={{ flex: 1 }}
            data-testid="search-page-input"
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
    </search>
  );
}

function SortSelect({
  sort,
  hasQuery,
  onChange,
  compact = false,
}: {
  sort: SearchSort;
  hasQuery: boolean;
  onChange: (sort: SearchSort) => void;
  /** Beside the Filters button on phones: no visible label, fills the row. */
  compact?: boolean;
}) {
  const options = searchSorts
    .filter((value) => hasQuery || value !== 'relevance')
    .map((value) => ({ value, label: searchSortLabels[value] }));
  return (
    <Select
      label={compact ? undefined : 'Sort by'}
      aria-label={compact ? 'Sort by' : undefined}
      data={options}
      value={sort}
      onChange={(value) => value && onChange(value as SearchSort)}
      allowDeselect={false}
      w={compact ? undefined : 220}
      style={compact ? { flex: 1, minWidth: 0 } : undefined}
      size="sm"
      comboboxProps={{ withinPortal: true }}
      data-testid="search-sort"
    />
  );
}

function ResultsGrid({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="md"
      verticalSpacing="md"
      data-testid="search-results"
    >
      {children}
    </SimpleGrid>
  );
}

function errorMessage(error: unknown) {
  return error instanceof ApiError || error instanceof Error ? error.message : genericErrorMessage;
}

/** /search: the product search page (spec part 2 §2). The URL holds the query, filters, sort and page. */
export function SearchPage({ addToCart }: { addToCart?: RenderAddToCart }) {
  const { user, isPending: userPending } = useCurrentUser();
  const signedIn = Boolean(user);
  const { state, update } = useSearchUrl();
  const [rememberedSort, setRememberedSort] = useState(readSortCookie);
  const sort = effectiveSort(state, rememberedSort);
  const filtered = hasFilters(state, signedIn);
  const supplierFiltered = signedIn && state.supplierFilter;
  const activeCart = useCurrentCart(supplierFiltered && state.switches.activeCart);
  // null: no active cart; undefined: not asked or not known yet.
  const activeCartItems = activeCart.isSuccess ? (activeCart.data.cart?.cartItemsCount ?? null) : undefined;
  const shouldSearch = Boolean(state.query) || filtered;
  const params = !userPending && shouldSearch ? toApiParams(state, sort, signedIn) : null;
  const search = useProductSearch(params);
  const isDesktop = useMediaQuery(desktopQuery, true, { getInitialValueInEffect: false });
  const [filtersOpened, filtersDrawer] = useDisclosure(false);

  // A new page starts at the top of the results. Not on the first render: the page opens at the top
  // anyway, and scrolling there forces a layout of the whole page while it loads.
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    window.scrollTo({ top: 0 });
  }, [state.page]);

  useEffect(() => {
    document.title = state.query
      ? `${state.query} · Product Search · ${productName}`
      : `Product Search · ${productName}`;
    return () => {
      document.title = productName;
    };
  }, [state.query]);

  const changeSort = (next: SearchSort) => {
    writeSortCookie(next);
    setRememberedSort(next);
    update({ sort: next });
  };

  // Not a deferred copy of the answer: drawing the skeletons first and the filters later moved the
  // page (layout shift 0.15 on a phone, 0.23 on a desktop in Lighthouse).
  const data = search.data;
  const showSkeletons = params !== null && (search.isPending || search.isPlaceholderData);
  const totalCount = data?.totalCount ?? 0;
  const onOpen = (product: ProductSearchResult) =>
    recordSearchClick({ query: state.query, pageName, product, resultsCount: totalCount });
  const chipCount = activeFilterChips(state, signedIn).length;

  let results: React.ReactNode;
  if (!shouldSearch) {
    results = <StartSearchCard />;
  } else if (showSkeletons || params === null) {
    results = (
      <ResultsGrid>
        {Array.from({ length: skeletonTiles }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical stand-ins
          <ProductTileSkeleton key={index} />
        ))}
      </ResultsGrid>
    );
  } else if (search.isError) {
    results = (
      <Alert
        color="red"
        variant="light"
        title="We couldn't load the search results"
        icon={<IconAlertTriangle size={18} />}
        role="alert"
      >
        {errorMessage(search.error)}
        <Button
          display="block"
          mt="sm"
          size="compact-sm"
          variant="white"
          color="red"
          onClick={() => search.refetch()}
        >
          Retry
        </Button>
      </Alert>
    );
  } else if (!data || data.totalCount === 0) {
    results = (
      <NoResultsCard
        query={state.query}
        hasFilters={filtered}
        onClearFilters={() => update({ clearFilters: true })}
        signedIn={signedIn}
      />
    );
  } else if (data.results.length === 0) {
    results = (
      <Paper withBorder p="xl" ta="center">
        <Text fw={600}>There is nothing on page {state.page}.</Text>
        <Button variant="subtle" mt="xs" onClick={() => update({ page: 1 })}>
          Go to the first page
        </Button>
      </Paper>
    );
  } else {
    results = (
      <>
        <ResultsGrid>
          {data.results.map((product) => (
            <ProductTile
              key={product.id}
              product={product}
              signedIn={signedIn}
              onOpen={onOpen}
              addToCart={addToCart}
            />
          ))}
        </ResultsGrid>
        <PaginationBar
          page={state.page}
          perPage={Number(params?.perPage) || data.results.length}
          totalCount={data.totalCount}
          totalPages={data.totalPages}
          onPageChange={(page) => update({ page })}
        />
      </>
    );
  }

  const countLine =
    shouldSearch && data && !showSkeletons && !search.isError ? (
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="results-count">
        {formatNumber(data.totalCount)} {data.totalCount === 1 ? 'product' : 'products'}
        {state.query ? ` for “${state.query}”` : ''}
      </Text>
    ) : (
      <span />
    );

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1}>Product Search</Title>
          <Text c="dimmed">Search for products on {productName}</Text>
        </div>
        <Box maw={720}>
          <QueryBox query={state.query} onSearch={(query) => update({ query })} />
        </Box>
        <AdZone zoneId={21639} />
        <Group align="flex-start" gap="xl" wrap="nowrap">
          {isDesktop && shouldSearch && (
            <Box component="aside" aria-label="Filters" w={290} style={{ flexShrink: 0 }}>
              <FilterPanel
                state={state}
                aggregations={data?.aggregations}
                signedIn={signedIn}
                onChange={update}
              />
              <AdZone zoneId={21635} />
            </Box>
          )}
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            {isDesktop || !shouldSearch ? (
              <Group justify="space-between" align="flex-end" gap="sm">
                {countLine}
                {shouldSearch && (
                  <SortSelect sort={sort} hasQuery={Boolean(state.query)} onChange={changeSort} />
                )}
              </Group>
            ) : (
              <Stack gap={6}>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <Button
                    variant="default"
                    leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                    rightSection={
                      chipCount > 0 ? (
                        <Badge size="sm" circle>
                          {chipCount}
                        </Badge>
                      ) : null
                    }
                    onClick={filtersDrawer.open}
                    data-testid="filters-button"
                    style={{ flexShrink: 0 }}
                  >
                    Filters
                  </Button>
                  <SortSelect sort={sort} hasQuery={Boolean(state.query)} onChange={changeSort} compact />
                </Group>
                {countLine}
              </Stack>
            )}
            <AdZone zoneId={21640} />
            {supplierFiltered && (
              <SupplierFilterNotices
                favorites={state.switches.preferredSuppliers}
                activeCart={state.switches.activeCart}
                hasFavorites={Boolean(user?.hasPreferredSuppliers)}
                cartItemsCount={activeCartItems}
                noResults={Boolean(data && data.totalCount === 0)}
                onResetSuppliers={() => update({ supplierFilter: false })}
              />
            )}
            {results}
            <AdZone zoneId={21636} />
            <SourcingCard />
          </Stack>
        </Group>
      </Stack>
      {!isDesktop && (
        <Drawer
          opened={filtersOpened}
          onClose={filtersDrawer.close}
          title={
            <Text fw={700} size="lg">
              Filters
            </Text>
          }
          position="right"
          size="100%"
        >
          <FilterPanel
            state={state}
            aggregations={data?.aggregations}
            signedIn={signedIn}
            onChange={update}
            withTitle={false}
          />
          <Box pos="sticky" bottom={0} bg="white" py="sm" style={{ zIndex: 1 }}>
            <Button fullWidth onClick={filtersDrawer.close}>
              {data && !showSkeletons ? `Show ${formatNumber(data.totalCount)} results` : 'Show results'}
            </Button>
          </Box>
        </Drawer>
      )}
    </Container>
  );
}

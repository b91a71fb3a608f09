import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconMap2, IconPhone, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { regionName, stateQuerySchema } from '../../../../domain/catalog/supplier-queries';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { type AddToCartSlot, AvailabilityTable, TableSkeleton } from '../../../ui/availability-table';
import { BranchTerms } from '../../../ui/branch-terms';
import { FavoriteStar } from '../../../ui/favorite-star';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { type Branch, useBranch } from '../api/get-branch';
import { type AvailabilitySort, useBranchAvailabilities } from '../api/get-branch-availabilities';
import { useFavoriteBranches } from '../api/get-favorite-branches';
import { useSupplierStates } from '../api/get-supplier-states';
import { AddFavoriteSupplier } from '../components/add-favorite-supplier';
import { PageFrame } from '../components/page-frame';
import { PurchaseDiscountRequest } from '../components/purchase-discount-request';
import { SupplierCardGrid, SupplierCardGridSkeleton } from '../components/supplier-card';
import { SupplierDirectory } from '../components/supplier-directory';
import { useUrlFilters } from '../components/use-url-filters';

function DirectoryLinks({ onStates = false }: { onStates?: boolean }) {
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to={paths.supplierMap}
        variant="default"
        size="sm"
        leftSection={<IconMap2 size={16} />}
      >
        Map
      </Button>
      {onStates ? (
        <Button component={Link} to={paths.suppliers} variant="default" size="sm">
          Directory
        </Button>
      ) : (
        <Button component={Link} to={paths.suppliersByState} variant="default" size="sm">
          By state
        </Button>
      )}
    </Group>
  );
}

/** /suppliers: the supplier directory. */
export function SuppliersPage() {
  return (
    <PageFrame
      title="Supplier Directory"
      subtitle="Find nurseries and distributors near your job and see what they have in stock."
      actions={<DirectoryLinks />}
    >
      <SupplierDirectory />
    </PageFrame>
  );
}

/** /suppliers/states/{state}: the directory of one state or province. */
export function SupplierStatePage() {
  const { state = '' } = useParams();
  const parsed = stateQuerySchema.safeParse(state);
  if (!parsed.success) return <NotFoundContent />;
  return (
    <PageFrame
      title={`Suppliers in ${regionName(parsed.data)}`}
      subtitle={
        <Anchor component={Link} to={paths.suppliersByState} size="sm">
          All states
        </Anchor>
      }
      actions={<DirectoryLinks />}
    >
      <SupplierDirectory fixedState={parsed.data} />
    </PageFrame>
  );
}

/** /suppliers/states: every state with suppliers, with counts. */
export function SupplierStatesPage() {
  const states = useSupplierStates();
  return (
    <PageFrame
      title="Suppliers by State"
      subtitle="Browse supplier branches state by state."
      actions={<DirectoryLinks />}
    >
      {states.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {Array.from({ length: 12 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} h={64} radius="md" />
          ))}
        </SimpleGrid>
      ) : states.isError ? (
        <LoadErrorAlert title="Could not load states" error={states.error} onRetry={() => states.refetch()} />
      ) : states.data.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text>No suppliers are listed yet.</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="state-list">
          {states.data.map((row) => (
            <Card
              key={row.state}
              component={Link}
              to={paths.supplierState(row.state)}
              withBorder
              padding="sm"
              radius="md"
              data-testid="state-card"
            >
              <Text fw={600} lineClamp={1}>
                {row.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatNumber(row.branchCount)} {row.branchCount === 1 ? 'supplier' : 'suppliers'}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}

/** /suppliers/favorites: the signed-in user's favourite branches. */
export function FavoriteSuppliersPage() {
  const { user } = useCurrentUser();
  const ids = user?.preferredSupplierIds ?? [];
  const branches = useFavoriteBranches(ids);
  // Unstarring hides the card at once, before the list is fetched again.
  const shown = (branches.data?.results ?? []).filter((branch) => ids.includes(branch.id));
  return (
    <PageFrame
      title="Favorite Suppliers"
      subtitle="The branches you have starred."
      actions={<DirectoryLinks />}
    >
      <AddFavoriteSupplier favoriteIds={ids} />
      {branches.isPending ? (
        <SupplierCardGridSkeleton count={3} />
      ) : branches.isError ? (
        <LoadErrorAlert
          title="Could not load your favorites"
          error={branches.error}
          onRetry={() => branches.refetch()}
        />
      ) : shown.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md" data-testid="favorites-empty">
          <Text fw={600}>You have no favorite suppliers yet</Text>
          <Text size="sm" c="dimmed" mt={4}>
            Star a supplier in the directory to find it here and filter searches by your favorites.
          </Text>
          <Button component={Link} to={paths.suppliers} mt="md">
            Browse the Supplier Directory
          </Button>
        </Paper>
      ) : (
        <SupplierCardGrid suppliers={shown} />
      )}
    </PageFrame>
  );
}

const branchSortOptions: { value: NonNullable<AvailabilitySort>; label: string }[] = [
  { value: 'name|asc', label: 'Name: A to Z' },
  { value: 'name|desc', label: 'Name: Z to A' },
  { value: 'price|asc', label: 'Price: low to high' },
  { value: 'updatedAt|desc', label: 'Recently updated' },
  { value: 'quantity|desc', label: 'Most available' },
];

function BranchHeader({ branch }: { branch: Branch }) {
  const address = branch.address;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Avatar src={branch.logo} alt="" radius="md" size={64} color="hedge" variant="light">
          {branch.name
            .split(/\s+/)
            .slice(0, 2)
            .map((word) => word[0])
            .join('')}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {branch.name}
            </Title>
            <FavoriteStar branchId={branch.id} branchName={branch.name} size="xl" />
          </Group>
          {address ? (
            <Text size="sm">
              {address.street1}
              {address.street2 ? `, ${address.street2}` : ''}, {address.city}, {address.state}{' '}
              {address.postalCode}
            </Text>
          ) : (
            branch.displayAddress && <Text size="sm">{branch.displayAddress}</Text>
          )}
          <Group gap="sm">
            {address?.phone && (
              <Anchor href={`tel:${address.phone.replace(/[^\d+]/g, '')}`} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconPhone size={14} /> {address.phone}
                </Group>
              </Anchor>
            )}
            <PurchaseDiscountRequest supplierOrganizationId={branch.organizationId} />
            {branch.sellsOnline ? (
              <Badge color="hedge" variant="light">
                Sells online
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Orders by request
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      {branch.notices && (
        <Alert mt="md" color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title="Notice">
          {branch.notices}
        </Alert>
      )}
      <Stack gap="xs" mt="md">
        <BranchTerms branchId={branch.id} />
      </Stack>
    </Paper>
  );
}

function BranchAvailability({ branch, addToCartColumn }: { branch: Branch } & AddToCartSlot) {
  const { user } = useCurrentUser();
  const { params, page, update } = useUrlFilters();
  const query = params.get('query') ?? '';
  const rawSort = params.get('sort');
  const sort = branchSortOptions.some((option) => option.value === rawSort)
    ? (rawSort as AvailabilitySort)
    : 'name|asc';
  const [draft, setDraft] = useState(query);
  const [debounced] = useDebouncedValue(draft, 300);
  useEffect(() => setDraft(query), [query]);
  useEffect(() => {
    if (debounced.trim() !== query.trim()) update({ query: debounced.trim() }, { replace: true });
  }, [debounced, query, update]);
  const perPage = 25;
  const listings = useBranchAvailabilities({ slug: branch.slug, query, sort, page, perPage });
  return (
    <Stack gap="sm" mt="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz={22}>
          Availability
        </Title>
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }} justify="flex-end">
          <TextInput
            label="Search this supplier"
            placeholder="Plant name or size"
            leftSection={<IconSearch size={16} />}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            maw={360}
            data-testid="branch-search"
          />
          <Select
            label="Sort by"
            data={branchSortOptions}
            value={sort}
            onChange={(value) => update({ sort: value === 'name|asc' ? null : value })}
            allowDeselect={false}
            style={{ flex: '0 1 200px' }}
          />
        </Group>
      </Group>
      {listings.isPending ? (
        <TableSkeleton />
      ) : listings.isError ? (
        <LoadErrorAlert
          title="Could not load availability"
          error={listings.error}
          onRetry={() => listings.refetch()}
        />
      ) : listings.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="availability-empty">
          <Text fw={600}>
            {query ? `Nothing at this supplier matches "${query}"` : 'Nothing listed right now'}
          </Text>
          {query && (
            // Off the main search page a query that finds nothing here may find something elsewhere
            // (spec part 2 §2): the same query on /search, with no supplier scope.
            <Group justify="center" mt="md" gap="sm">
              <Button variant="light" onClick={() => update({ query: null })}>
                Clear search
              </Button>
              <Button component={Link} to={paths.search(query)} data-testid="search-all-products">
                Search across all products
              </Button>
            </Group>
          )}
        </Paper>
      ) : (
        <>
          <AvailabilityTable
            listings={listings.data.results}
            columns={{ product: true }}
            signedIn={Boolean(user)}
            extraColumns={user && addToCartColumn ? [addToCartColumn] : []}
          />
          <PaginationBar
            page={page}
            perPage={perPage}
            totalCount={listings.data.totalCount}
            totalPages={listings.data.totalPages}
            onPageChange={(next) => update({ page: next })}
          />
        </>
      )}
    </Stack>
  );
}

/** /suppliers/{slug}: one branch and what it has in stock. */
export function SupplierPage({ addToCartColumn }: AddToCartSlot) {
  const { slug = '' } = useParams();
  const branch = useBranch(slug);
  if (branch.isError && branch.error instanceof ApiError && branch.error.status === 404)
    return <NotFoundContent />;
  return (
    <Box maw={1200} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      <Anchor component={Link} to={paths.suppliers} size="sm">
        Supplier Directory
      </Anchor>
      <Box mt="xs">
        {branch.isPending ? (
          <Skeleton h={140} radius="md" />
        ) : branch.isError ? (
          <LoadErrorAlert
            title="Could not load this supplier"
            error={branch.error}
            onRetry={() => branch.refetch()}
          />
        ) : (
          <>
            <BranchHeader branch={branch.data} />
            <BranchAvailability branch={branch.data} addToCartColumn={addToCartColumn} />
          </>
        )}
      </Box>
    </Box>
  );
}

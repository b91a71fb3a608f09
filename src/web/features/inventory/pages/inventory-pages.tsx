import {
  Anchor,
  Avatar,
  Badge,
  Container,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { EmptyList } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { SearchInput } from '../../../ui/search-input';
import {
  type InventoryOrganization,
  type StockFilter,
  useInventory,
  useInventoryOrganization,
} from '../api/inventory-api';
import { BranchSettings } from '../components/branch-settings';
import { ListingTable } from '../components/listing-table';
import { PurchaseDiscountsPanel } from '../components/purchase-discounts-panel';
import { UploadWizard } from '../components/upload-wizard';

const perPage = 25;

function Listings({
  organization,
  branchId,
}: {
  organization: InventoryOrganization;
  branchId: number | null;
}) {
  const [query, setQuery] = useState('');
  const [stock, setStock] = useState<StockFilter>('all');
  const [page, setPage] = useState(1);
  const listings = useInventory({
    branchId: branchId ?? undefined,
    organizationSlug: organization.slug,
    query,
    stock,
    page,
    perPage,
  });
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <SearchInput
          value={query}
          onSearch={(text) => {
            setQuery(text);
            setPage(1);
          }}
          placeholder="Search your listings"
          aria-label="Search your listings"
          w={{ base: '100%', sm: 280 }}
        />
        <SegmentedControl
          size="xs"
          value={stock}
          onChange={(value) => {
            setStock(value as StockFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'in_stock', label: 'In stock' },
            { value: 'out_of_stock', label: 'Out of stock' },
            { value: 'stale', label: 'Not updated in 30 days' },
          ]}
        />
      </Group>
      {listings.isError ? (
        <LoadErrorAlert
          error={listings.error}
          title="Your listings could not be loaded"
          onRetry={() => void listings.refetch()}
        />
      ) : !listings.data ? (
        <Skeleton h={300} />
      ) : listings.data.results.length === 0 ? (
        <EmptyList
          message={
            query || stock !== 'all'
              ? 'No listing matches these filters.'
              : 'No listings yet: upload your availability to list your stock.'
          }
        />
      ) : (
        <>
          <ListingTable rows={listings.data.results} showBranch={branchId === null} />
          <PaginationBar
            page={page}
            perPage={perPage}
            totalCount={listings.data.totalCount}
            totalPages={listings.data.totalPages}
            onPageChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}

function InventoryContent({
  organization,
  fixedBranchSlug,
}: {
  organization: InventoryOrganization;
  fixedBranchSlug: string | null;
}) {
  const fixed = organization.branches.find((branch) => branch.slug === fixedBranchSlug) ?? null;
  const [chosen, setChosen] = useState<string | null>(fixed ? String(fixed.id) : null);
  const branch = organization.branches.find((candidate) => String(candidate.id) === chosen) ?? null;
  const [tab, setTab] = useState<string | null>('listings');
  // Upload and settings act on one branch: the chosen one, else the only or primary one.
  const actingBranch = branch ?? (organization.branches.length === 1 ? organization.branches[0] : null);
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={organization.logoUrl} size="lg" radius="md" alt={`${organization.name} logo`}>
            {organization.name.slice(0, 2).toUpperCase()}
          </Avatar>
          <div>
            <Title order={1} size="h2">
              Inventory
            </Title>
            <Text c="dimmed" size="sm">
              {organization.name}
              {fixed ? ` · ${fixed.name}` : ''}
            </Text>
          </div>
        </Group>
        {fixed
          ? organization.branches.length > 1 && (
              <Anchor component={Link} to={paths.organizationInventory(organization.slug)} size="sm">
                All branches of {organization.name}
              </Anchor>
            )
          : organization.branches.length > 1 && (
              <Select
                label="Branch"
                w={{ base: '100%', sm: 320 }}
                data={[
                  { value: '', label: 'All branches' },
                  ...organization.branches.map((candidate) => ({
                    value: String(candidate.id),
                    label: `${candidate.name} (${candidate.listingCount})${candidate.hidden ? ' · hidden' : ''}`,
                  })),
                ]}
                value={chosen ?? ''}
                onChange={(value) => setChosen(value || null)}
                allowDeselect={false}
              />
            )}
        {actingBranch?.hidden && (
          <Badge color="gray" variant="light">
            {actingBranch.name} is hidden from buyers
          </Badge>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="listings">Listings</Tabs.Tab>
            <Tabs.Tab value="upload">Upload availability</Tabs.Tab>
            <Tabs.Tab value="settings">Branch settings</Tabs.Tab>
            <Tabs.Tab value="discounts">Purchase discounts</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="listings" pt="md">
            <Listings key={chosen ?? 'all'} organization={organization} branchId={branch?.id ?? null} />
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            {actingBranch ? (
              <UploadWizard key={actingBranch.id} branchId={actingBranch.id} branchName={actingBranch.name} />
            ) : (
              <Text size="sm">Choose a branch above to upload its availability.</Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            {actingBranch ? (
              <BranchSettings key={actingBranch.id} branch={actingBranch} organization={organization} />
            ) : (
              <Text size="sm">Choose a branch above to change its settings.</Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="discounts" pt="md">
            <PurchaseDiscountsPanel organizationId={organization.id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

function InventoryPageFor(by: { organizationSlug?: string; branchSlug?: string }) {
  const organization = useInventoryOrganization(by);
  if (organization.isError) {
    if (organization.error instanceof ApiError && organization.error.status === 404)
      return <NotFoundContent />;
    return (
      <Container py="lg">
        <LoadErrorAlert error={organization.error} title="Your inventory could not be loaded" />
      </Container>
    );
  }
  if (!organization.data) {
    return (
      <Container size="xl" py="lg">
        <Skeleton h={400} />
      </Container>
    );
  }
  return <InventoryContent organization={organization.data} fixedBranchSlug={by.branchSlug ?? null} />;
}

/** `/organizations/{slug}/inventory`: every branch's listings. */
export function OrganizationInventoryPage() {
  const { slug = '' } = useParams();
  return <InventoryPageFor key={slug} organizationSlug={slug} />;
}

/** `/suppliers/{branchSlug}/inventory`: one branch's listings. */
export function BranchInventoryPage() {
  const { slug = '' } = useParams();
  return <InventoryPageFor key={slug} branchSlug={slug} />;
}

import {
  Anchor,
  Avatar,
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { useBrand, useBrands } from '../api/get-brands';
import { PageFrame } from '../components/page-frame';
import { useUrlFilters } from '../components/use-url-filters';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0])
    .join('');

function CardsSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h={88} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** /brands: every brand, searchable. */
export function BrandsPage() {
  const { params, page, update } = useUrlFilters();
  const query = params.get('query') ?? '';
  const [draft, setDraft] = useState(query);
  const [debounced] = useDebouncedValue(draft, 300);
  useEffect(() => setDraft(query), [query]);
  useEffect(() => {
    if (debounced.trim() !== query.trim()) update({ query: debounced.trim() }, { replace: true });
  }, [debounced, query, update]);
  const perPage = 48;
  const brands = useBrands({ query, page, perPage });
  return (
    <PageFrame title="Brands" subtitle="Manufactured and bagged goods by the companies that make them.">
      <TextInput
        label="Search brands"
        placeholder="Brand name"
        leftSection={<IconSearch size={16} />}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        maw={360}
        mb="md"
      />
      {brands.isPending ? (
        <CardsSkeleton count={8} />
      ) : brands.isError ? (
        <LoadErrorAlert title="Could not load brands" error={brands.error} onRetry={() => brands.refetch()} />
      ) : brands.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text>{query ? `No brand matches "${query}".` : 'No brands are listed yet.'}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="brand-list">
          {brands.data.results.map((brand) => (
            <Card
              key={brand.id}
              component={Link}
              to={paths.brand(brand.slug)}
              withBorder
              radius="md"
              padding="md"
              data-testid="brand-card"
            >
              <Group wrap="nowrap" gap="sm">
                <Avatar src={brand.logoUrl} alt="" radius="md" size={44} color="hedge" variant="light">
                  {initials(brand.name)}
                </Avatar>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} lineClamp={1}>
                    {brand.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {brand.productCount.toLocaleString('en-US')}{' '}
                    {brand.productCount === 1 ? 'product' : 'products'}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {brands.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={brands.data.totalCount}
          totalPages={brands.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </PageFrame>
  );
}

/** /brands/{slug}: a brand and its products. */
export function BrandPage() {
  const { slug = '' } = useParams();
  const { page, update } = useUrlFilters();
  const perPage = 24;
  const brand = useBrand(slug, page, perPage);
  if (brand.isError && brand.error instanceof ApiError && brand.error.status === 404)
    return <NotFoundContent />;
  return (
    <PageFrame
      title={brand.data?.name ?? <Skeleton h={32} w={240} />}
      subtitle={
        <Anchor component={Link} to={paths.brands} size="sm">
          All brands
        </Anchor>
      }
    >
      {brand.isPending ? (
        <CardsSkeleton count={6} />
      ) : brand.isError ? (
        <LoadErrorAlert
          title="Could not load this brand"
          error={brand.error}
          onRetry={() => brand.refetch()}
        />
      ) : brand.data.products.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text>No products of this brand are listed yet.</Text>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="brand-products">
            {brand.data.products.results.map((product) => (
              <Card
                key={product.id}
                component={Link}
                to={paths.product(product.pathIdentifier)}
                withBorder
                radius="md"
                padding="md"
              >
                <Text fw={600} lineClamp={2}>
                  {product.primaryName}
                </Text>
                {product.secondaryName && (
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {product.secondaryName}
                  </Text>
                )}
                <Group gap={6} mt="sm">
                  {product.categoryNames
                    .split(', ')
                    .filter(Boolean)
                    .slice(0, 2)
                    .map((name) => (
                      <Badge key={name} variant="light" size="sm">
                        {name}
                      </Badge>
                    ))}
                  <Text size="xs" c="dimmed">
                    {product.totalSuppliers === 0
                      ? 'Out of stock'
                      : `${product.totalSuppliers} ${product.totalSuppliers === 1 ? 'supplier' : 'suppliers'}`}
                  </Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <PaginationBar
            page={page}
            perPage={perPage}
            totalCount={brand.data.products.totalCount}
            totalPages={brand.data.products.totalPages}
            onPageChange={(next) => update({ page: next })}
          />
        </>
      )}
    </PageFrame>
  );
}

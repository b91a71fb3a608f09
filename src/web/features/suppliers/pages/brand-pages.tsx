import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  outOfStockText,
  type StockSummary,
  stockState,
  tileStockText,
} from '../../../../domain/catalog/stock';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import {
  type BrandProduct,
  type BrandProductsPage,
  type BrandSupplier,
  useBrand,
  useBrands,
  useSupplierBrand,
} from '../api/get-brands';
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
                    {formatNumber(brand.productCount)} {brand.productCount === 1 ? 'product' : 'products'}
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

/** A brand page while its query loads (placeholders) or after it failed (the error and a retry). */
function BrandLoadState({
  query,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
}) {
  if (!query.isError) return <CardsSkeleton count={6} />;
  return (
    <LoadErrorAlert title="Could not load this brand" error={query.error} onRetry={() => query.refetch()} />
  );
}

/** A product of a brand: names, up to two categories and a line about its stock. */
function BrandProductCard({ product, stockText }: { product: CardProduct; stockText: string }) {
  return (
    <Card
      component={Link}
      to={paths.product(product.pathIdentifier)}
      withBorder
      radius="md"
      padding="md"
      data-testid="brand-product"
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
          {stockText}
        </Text>
      </Group>
    </Card>
  );
}

type CardProduct = Pick<
  BrandProduct,
  'id' | 'pathIdentifier' | 'primaryName' | 'secondaryName' | 'categoryNames'
>;

/** A page of a brand's products under a 'Products' heading, with the pagination bar. */
function BrandProducts<T extends CardProduct>({
  products,
  stockTextOf,
  page,
  perPage,
  onPageChange,
}: {
  products: BrandProductsPage<T>;
  stockTextOf: (product: T) => string;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <>
      <Title order={2} fz="lg" mb="xs">
        Products
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="brand-products">
        {products.results.map((product) => (
          <BrandProductCard key={product.id} product={product} stockText={stockTextOf(product)} />
        ))}
      </SimpleGrid>
      <PaginationBar
        page={page}
        perPage={perPage}
        totalCount={products.totalCount}
        totalPages={products.totalPages}
        onPageChange={onPageChange}
      />
    </>
  );
}

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** 'Where to buy': the suppliers listing the brand, each opening the brand as that supplier carries it. */
function BrandSuppliers({ brandSlug, suppliers }: { brandSlug: string; suppliers: BrandSupplier[] }) {
  if (suppliers.length === 0) return null;
  return (
    <Stack gap="xs" mb="lg" data-testid="brand-suppliers">
      <Title order={2} fz="lg">
        Where to buy
      </Title>
      <Group gap="xs">
        {suppliers.map((supplier) => (
          <Button
            key={supplier.organizationId}
            component={Link}
            to={paths.supplierBrand(supplier.slug, brandSlug)}
            variant="default"
            radius="xl"
            size="compact-md"
            rightSection={
              <Text span size="xs" c="dimmed">
                {plural(supplier.productCount, 'product', 'products')}
              </Text>
            }
          >
            {supplier.name}
          </Button>
        ))}
      </Group>
    </Stack>
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
      {brand.data?.description && (
        <Text mb="lg" maw={760} style={{ whiteSpace: 'pre-line' }} data-testid="brand-description">
          {brand.data.description}
        </Text>
      )}
      {brand.isPending || brand.isError ? (
        <BrandLoadState query={brand} />
      ) : brand.data.products.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text>No products of this brand are listed yet.</Text>
        </Paper>
      ) : (
        <>
          <BrandSuppliers brandSlug={brand.data.slug} suppliers={brand.data.suppliers} />
          <BrandProducts
            products={brand.data.products}
            stockTextOf={(product) =>
              product.totalSuppliers === 0
                ? outOfStockText
                : plural(product.totalSuppliers, 'supplier', 'suppliers')
            }
            page={page}
            perPage={perPage}
            onPageChange={(next) => update({ page: next })}
          />
        </>
      )}
    </PageFrame>
  );
}

/** /brands/{organizationSlug}/{slug}: a brand as one supplier carries it, branch by branch. */
export function SupplierBrandPage() {
  const { organizationSlug = '', slug = '' } = useParams();
  const { page, update } = useUrlFilters();
  const perPage = 24;
  const brand = useSupplierBrand(organizationSlug, slug, page, perPage);
  if (brand.isError && brand.error instanceof ApiError && brand.error.status === 404)
    return <NotFoundContent />;
  const data = brand.data;
  return (
    <PageFrame
      title={data ? `${data.name} at ${data.supplier.name}` : <Skeleton h={32} w={320} />}
      subtitle={
        <Group gap="md" component="span">
          <Anchor component={Link} to={paths.brand(slug)} size="sm">
            {data ? `Every ${data.name} product` : 'Every product of this brand'}
          </Anchor>
          <Anchor component={Link} to={paths.brands} size="sm">
            All brands
          </Anchor>
        </Group>
      }
    >
      {brand.isPending || brand.isError ? (
        <BrandLoadState query={brand} />
      ) : (
        <>
          <Stack gap="xs" mb="lg">
            <Title order={2} fz="lg">
              {plural(brand.data.branches.length, 'branch', 'branches')} listing {brand.data.name}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="supplier-brand-branches">
              {brand.data.branches.map((branch) => (
                <Card
                  key={branch.id}
                  component={Link}
                  to={paths.supplier(branch.slug)}
                  withBorder
                  radius="md"
                  padding="sm"
                >
                  <Text fw={600} lineClamp={1}>
                    {branch.name}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {branch.displayAddress ?? branch.stateCode ?? ''}
                  </Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    {plural(branch.productCount, 'product', 'products')} of this brand
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
          <BrandProducts
            products={brand.data.products}
            stockTextOf={(product) => supplierStockText(product.stock)}
            page={page}
            perPage={perPage}
            onPageChange={(next) => update({ page: next })}
          />
        </>
      )}
    </PageFrame>
  );
}

/** The stock state of part 2 §4 over this supplier's branches, and what they list. */
function supplierStockText(stock: StockSummary) {
  const state = stockState(stock);
  const { text } = tileStockText(stock);
  return state === 'Currently Out of Stock' ? outOfStockText : `${state} · ${text}`;
}

import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Grid,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { restrictedProductNotice } from '../../../../domain/catalog/restricted';
import { formatNumber } from '../../../../domain/text/number-format';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { useFeatures } from '../../../api/features';
import { useProductAvailabilities } from '../../../api/product-availabilities';
import { paths } from '../../../paths';
import { NotFoundContent } from '../../../shell/not-found';
import { showSuccess } from '../../../shell/toasts';
import { type AddToCartSlot, AvailabilityTable, TableSkeleton } from '../../../ui/availability-table';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { PostalCodeField } from '../../../ui/postal-code-field';
import { type Product, type ProductImage, useProduct } from '../api/get-product';
import { useRemoveProductPhoto } from '../api/product-photos';
import { AddPhotos, mayAddPhotos } from '../components/add-photos';
import { ProductImages } from '../components/product-images';
import { requestPhotosColumn } from '../components/request-photos-button';

const perPage = 25;

const sortOptions = [
  { value: 'price|asc', label: 'Price: low to high' },
  { value: 'price|desc', label: 'Price: high to low' },
  { value: 'distance|asc', label: 'Nearest first' },
  { value: 'updatedAt|desc', label: 'Recently updated' },
  { value: 'quantity|desc', label: 'Most available' },
];

const stockColors: Record<Product['stockState'], string> = {
  'In Stock': 'green',
  'Limited Supply': 'orange',
  'Currently Out of Stock': 'gray',
};

function ProductHeader({ product, compact }: { product: Product; compact: boolean }) {
  const signedIn = Boolean(useCurrentUser().user);
  return (
    <Stack gap="xs">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to={paths.search()} size="sm">
          Search
        </Anchor>
        {product.group && (
          <Anchor component={Link} to={paths.productGroup(product.group.slug)} size="sm">
            {product.group.name}
          </Anchor>
        )}
        <Text size="sm" c="dimmed" lineClamp={1}>
          {product.primaryName}
        </Text>
      </Breadcrumbs>
      <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
        {product.primaryName}
      </Title>
      {product.secondaryName && (
        <Text size="lg" c="dimmed" mt={-6}>
          {product.secondaryName}
        </Text>
      )}
      {product.patentName && (
        <Text size="sm">
          Trade name: <b>{product.patentName}</b>
        </Text>
      )}
      {product.restricted && signedIn && (
        <Alert color="gray" variant="light" p="xs" data-testid="restricted-notice">
          {restrictedProductNotice}
        </Alert>
      )}
      <Group gap={6}>
        {product.categories.map((category) => (
          <Badge key={category.id} variant="light" color="hedge">
            {category.name}
          </Badge>
        ))}
        <Badge variant="dot" color={stockColors[product.stockState]}>
          {product.stockState}
        </Badge>
      </Group>
      {!compact && (
        <>
          {product.brand && (
            <Text size="sm">
              Brand:{' '}
              <Anchor component={Link} to={paths.brand(product.brand.slug)}>
                {product.brand.name}
              </Anchor>
            </Text>
          )}
          {product.hardinessZones && <Text size="sm">USDA hardiness zones {product.hardinessZones}</Text>}
          {product.variants.length > 0 && (
            <Box>
              <Text size="sm" fw={600} mb={6}>
                Sizes
              </Text>
              <Group gap={6} data-testid="product-sizes">
                {product.variants.map((variant) => (
                  <Badge
                    key={variant.id}
                    variant="outline"
                    color="gray"
                    radius="xl"
                    size="lg"
                    tt="none"
                    fw={500}
                  >
                    {variant.size}
                  </Badge>
                ))}
              </Group>
            </Box>
          )}
          {product.synonyms.length > 0 && (
            <Text size="sm" c="dimmed">
              Also known as {product.synonyms.map((synonym) => synonym.name).join(', ')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function ProductAvailability({ product, addToCartColumn }: { product: Product } & AddToCartSlot) {
  const { user } = useCurrentUser();
  const { isOn } = useFeatures();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const postalCode = params.get('postalCode') ?? user?.defaultPostalCode ?? null;
  const rawSort = params.get('sort');
  const sort = sortOptions.some((option) => option.value === rawSort)
    ? (rawSort as string)
    : postalCode
      ? 'distance|asc'
      : 'price|asc';
  const availabilities = useProductAvailabilities({ productId: product.id, postalCode, sort, page, perPage });
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'page' && value === '1')) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const postalError =
    availabilities.error instanceof ApiError ? (availabilities.error.fields.postalCode ?? null) : null;

  return (
    <Stack gap="sm" mt="xl" id="availability">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box>
          <Title order={2} fz={22}>
            Availability
          </Title>
          <Text size="sm" c="dimmed">
            {product.totalSuppliers === 0
              ? 'No supplier has this in stock right now.'
              : `${formatNumber(product.totalSuppliers)} ${product.totalSuppliers === 1 ? 'supplier has' : 'suppliers have'} this in stock.`}
          </Text>
        </Box>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <PostalCodeField
            value={postalCode}
            onApply={(value) => update({ postalCode: value ?? (user?.defaultPostalCode ? '' : null) })}
            serverError={postalError}
            w={{ base: '100%', xs: 200 }}
            description={user?.defaultPostalCode && !params.get('postalCode') ? 'Your default' : undefined}
          />
          <Select
            label="Sort by"
            data={sortOptions.filter((option) => option.value !== 'distance|asc' || postalCode)}
            value={sort}
            onChange={(value) => update({ sort: value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </Group>
      {availabilities.isPending ? (
        <TableSkeleton />
      ) : availabilities.isError ? (
        <LoadErrorAlert
          title="Could not load availability"
          error={availabilities.error}
          onRetry={() => availabilities.refetch()}
        />
      ) : availabilities.data.results.length === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="availability-empty">
          <Text fw={600}>No supplier listings right now</Text>
          <Text size="sm" c="dimmed">
            Check back soon as our suppliers update availability daily.
          </Text>
        </Paper>
      ) : (
        <>
          <AvailabilityTable
            listings={availabilities.data.results}
            columns={{ branch: true, distance: Boolean(postalCode) }}
            signedIn={Boolean(user)}
            extraColumns={[
              ...(user && addToCartColumn ? [addToCartColumn] : []),
              // Buyers ask a branch for photos of its actual stock (issue 16).
              ...(user && isOn('PHOTO_REQUEST') && !user.supplier ? [requestPhotosColumn] : []),
            ]}
          />
          <PaginationBar
            page={page}
            perPage={perPage}
            totalCount={availabilities.data.totalCount}
            totalPages={availabilities.data.totalPages}
            onPageChange={(next) => update({ page: String(next) })}
          />
        </>
      )}
    </Stack>
  );
}

function ProductPageSkeleton() {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton h={280} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          <Skeleton h={14} w="40%" />
          <Skeleton h={34} w="80%" />
          <Skeleton h={20} w="50%" />
          <Skeleton h={22} w="60%" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function ProductView({ availabilityOnly, addToCartColumn }: { availabilityOnly: boolean } & AddToCartSlot) {
  const { pathIdentifier = '' } = useParams();
  const product = useProduct(pathIdentifier);
  if (product.isError && product.error instanceof ApiError && product.error.status === 404) {
    return <NotFoundContent />;
  }
  return (
    <Box maw={1200} mx="auto" px={{ base: 'md', sm: 'lg' }} py="lg">
      {product.isPending ? (
        <ProductPageSkeleton />
      ) : product.isError ? (
        <LoadErrorAlert
          title="Could not load this product"
          error={product.error}
          onRetry={() => product.refetch()}
        />
      ) : availabilityOnly ? (
        <>
          <Anchor component={Link} to={paths.product(product.data.pathIdentifier)} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> Product details
            </Group>
          </Anchor>
          <Box mt="sm">
            <ProductHeader product={product.data} compact />
          </Box>
          <ProductAvailability product={product.data} addToCartColumn={addToCartColumn} />
        </>
      ) : (
        <>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ProductPhotos product={product.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ProductHeader product={product.data} compact={false} />
            </Grid.Col>
          </Grid>
          {product.data.description && (
            <Text mt="lg" maw={820}>
              {product.data.description}
            </Text>
          )}
          <ProductAvailability product={product.data} addToCartColumn={addToCartColumn} />
        </>
      )}
    </Box>
  );
}

/** The product's photos; suppliers and staff add theirs, and remove those of their own branches. */
function ProductPhotos({ product }: { product: Product }) {
  const { user } = useCurrentUser();
  const remove = useRemoveProductPhoto();
  const onRemove = async (image: ProductImage) => {
    if (image.id === undefined || !window.confirm('Remove this photo? Buyers will no longer see it.'))
      return false;
    try {
      await remove.mutateAsync(image.id);
      showSuccess('Photo removed');
      return true;
    } catch {
      // The default mutation error toast has told the user why.
      return false;
    }
  };
  return (
    <Stack gap="sm">
      <ProductImages images={product.productImages} productName={product.primaryName} onRemove={onRemove} />
      {user && mayAddPhotos(user) && (
        <Group>
          <AddPhotos productId={product.id} user={user} />
        </Group>
      )}
    </Stack>
  );
}

/** /products/{pathIdentifier}: names, photos, sizes and the branches that list it. */
export function ProductPage({ addToCartColumn }: AddToCartSlot) {
  return <ProductView availabilityOnly={false} addToCartColumn={addToCartColumn} />;
}

/** /products/{pathIdentifier}/availability: the branch table under a short header. */
export function ProductAvailabilityPage({ addToCartColumn }: AddToCartSlot) {
  return <ProductView availabilityOnly addToCartColumn={addToCartColumn} />;
}

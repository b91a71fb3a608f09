import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Checkbox,
  FileButton,
  Grid,
  Group,
  Image,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight, IconCheck, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  type AdminProduct,
  type AdminProductListItem,
  adminProductPatchSchema,
} from '../../../../domain/catalog/admin-products';
import { productImagePathPrefix } from '../../../../domain/catalog/product-photos';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { showError, showSuccess } from '../../../shell/toasts';
import { EmptyList, pastTheEnd } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { usePhoneCards } from '../../../ui/phone-cards';
import { SearchInput } from '../../../ui/search-input';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import {
  useAddAdminProductImages,
  useAdminProduct,
  useAdminProductFilterChoices,
  useAdminProductImages,
  useAdminProducts,
  useProductGroups,
  useRemoveAdminProductImage,
  useReorderAdminProductImages,
  useSaveAdminProduct,
  useVariantEdits,
} from '../api/products';

const perPage = 25;

function ProductsTable({ products }: { products: AdminProductListItem[] }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        striped
        verticalSpacing="xs"
        data-testid="admin-products-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Group</Table.Th>
            <Table.Th ta="right">Sizes</Table.Th>
            <Table.Th ta="right">Listings</Table.Th>
            <Table.Th>Flags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.id} data-testid="admin-product-row">
              <Table.Td>
                <Anchor component={Link} to={paths.adminProduct(product.id)} fw={600} size="sm">
                  {product.primaryName}
                </Anchor>
                {product.secondaryName && (
                  <Text size="xs" c="dimmed">
                    {product.secondaryName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {[product.groupName, product.familyName].filter(Boolean).join(' · ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{product.variantCount}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{product.listingCount}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {product.restricted && (
                    <Badge size="xs" color="red" variant="light">
                      Restricted
                    </Badge>
                  )}
                  {!product.hasImage && (
                    <Badge size="xs" color="gray" variant="light">
                      No image
                    </Badge>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /admin/products: the catalogue, searchable, filtered by group and family, category, brand, missing
 * image, no listings, restricted.
 */
export function AdminProductsPage() {
  const { params, page, query, update } = useListSearchParams();
  const groups = useProductGroups();
  const choices = useAdminProductFilterChoices();
  const group = params.get('group') || undefined;
  const family = (group && params.get('family')) || undefined;
  const families = groups.data?.results.find((choice) => choice.slug === group)?.families ?? [];
  const idParam = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const on = (name: string) => (params.get(name) === 'true' ? ('true' as const) : undefined);
  const filter = {
    page,
    perPage,
    query: query || undefined,
    group,
    family,
    categoryId: idParam('categoryId'),
    brandId: idParam('brandId'),
    missingImage: on('missingImage'),
    noListings: on('noListings'),
    restricted: on('restricted'),
  };
  const products = useAdminProducts(filter);
  const onSearch = useCallback(
    (value: string) => update({ query: value.trim() }, { replace: true }),
    [update],
  );
  const toggle = (name: string) => (event: React.ChangeEvent<HTMLInputElement>) =>
    update({ [name]: event.currentTarget.checked ? 'true' : null });
  return (
    <AdminFrame title="Products">
      <Group align="flex-end" gap="sm" mb="xs" wrap="wrap">
        <SearchInput
          label="Search products"
          placeholder="Botanical, common or trade name"
          value={query}
          onSearch={onSearch}
          style={{ flex: '1 1 260px' }}
          maw={420}
          data-testid="admin-product-search"
        />
        <Select
          label="Group"
          placeholder="All groups"
          data={(groups.data?.results ?? []).map((choice) => ({ value: choice.slug, label: choice.name }))}
          value={group ?? null}
          onChange={(value) => update({ group: value, family: null })}
          clearable
          style={{ flex: '0 1 220px' }}
        />
        <Select
          label="Family"
          placeholder={group ? 'All families' : 'Choose a group first'}
          data={families.map((choice) => ({ value: choice.slug, label: choice.name }))}
          value={family ?? null}
          onChange={(value) => update({ family: value })}
          disabled={!group}
          clearable
          searchable
          style={{ flex: '0 1 220px' }}
        />
        <Select
          label="Category"
          placeholder="All categories"
          data={(choices.data?.categories ?? []).map((choice) => ({
            value: String(choice.id),
            label: choice.name,
          }))}
          value={filter.categoryId ? String(filter.categoryId) : null}
          onChange={(value) => update({ categoryId: value })}
          clearable
          searchable
          style={{ flex: '0 1 220px' }}
        />
        <Select
          label="Brand"
          placeholder="All brands"
          data={(choices.data?.brands ?? []).map((choice) => ({
            value: String(choice.id),
            label: choice.name,
          }))}
          value={filter.brandId ? String(filter.brandId) : null}
          onChange={(value) => update({ brandId: value })}
          clearable
          searchable
          style={{ flex: '0 1 220px' }}
        />
        {products.isFetching && !products.isPending && <Loader size="sm" mb={8} aria-label="Updating" />}
      </Group>
      <Group gap="lg" mb="md">
        <Checkbox
          label="Missing image"
          checked={Boolean(filter.missingImage)}
          onChange={toggle('missingImage')}
        />
        <Checkbox label="No listings" checked={Boolean(filter.noListings)} onChange={toggle('noListings')} />
        <Checkbox label="Restricted" checked={Boolean(filter.restricted)} onChange={toggle('restricted')} />
      </Group>
      {products.isPending ? (
        <PageLoader />
      ) : products.isError ? (
        <LoadErrorAlert
          title="Could not load products"
          error={products.error}
          onRetry={() => products.refetch()}
        />
      ) : products.data.results.length === 0 ? (
        <EmptyList
          testId="admin-products-empty"
          {...(page > 1 && products.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : { message: 'No products match.' })}
        />
      ) : (
        <ProductsTable products={products.data.results} />
      )}
      {products.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={products.data.totalCount}
          totalPages={products.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}

type Values = {
  primaryName: string;
  secondaryName: string;
  patentName: string;
  description: string;
  restricted: boolean;
  ignoreQuantityDefault: boolean;
  synonyms: string[];
  categoryIds: string[];
  advantageIds: string[];
  brandId: string | null;
};

const toPatch = (values: Values) => ({
  ...values,
  categoryIds: values.categoryIds.map(Number),
  advantageIds: values.advantageIds.map(Number),
  brandId: values.brandId ? Number(values.brandId) : null,
});

function ProductForm({ product }: { product: AdminProduct }) {
  const save = useSaveAdminProduct(product.id);
  const form = useForm<Values>({
    initialValues: {
      primaryName: product.primaryName,
      secondaryName: product.secondaryName ?? '',
      patentName: product.patentName ?? '',
      description: product.description ?? '',
      restricted: product.restricted,
      ignoreQuantityDefault: product.ignoreQuantityDefault,
      synonyms: product.synonyms,
      categoryIds: product.categoryIds.map(String),
      advantageIds: product.advantageIds.map(String),
      brandId: product.brand ? String(product.brand.id) : null,
    },
    validate: zodValidate(adminProductPatchSchema, toPatch),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toPatch(values));
      form.resetDirty();
      showSuccess('Product saved; search shows it in a moment');
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
      else showError(apiError?.message);
    }
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="Product" data-testid="admin-product-form">
      <Stack gap="md">
        <TextInput label="Botanical / primary name" withAsterisk {...form.getInputProps('primaryName')} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Common name" {...form.getInputProps('secondaryName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Patent / trade name" {...form.getInputProps('patentName')} />
          </Grid.Col>
        </Grid>
        <TagsInput
          label="Synonyms"
          description="Other names buyers search for; press Enter after each"
          {...form.getInputProps('synonyms')}
        />
        <MultiSelect
          label="Categories"
          data={product.categoryChoices.map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          searchable
          {...form.getInputProps('categoryIds')}
        />
        <MultiSelect
          label="Advantages"
          description="Selling points buyers filter search by"
          placeholder={product.advantageChoices.length === 0 ? 'No advantages defined' : undefined}
          data={product.advantageChoices.map((advantage) => ({
            value: String(advantage.id),
            label: advantage.name,
          }))}
          searchable
          data-testid="product-advantages"
          {...form.getInputProps('advantageIds')}
        />
        <Select
          label="Brand"
          placeholder="No brand"
          data={product.brandChoices.map((brand) => ({ value: String(brand.id), label: brand.name }))}
          searchable
          clearable
          data-testid="product-brand"
          {...form.getInputProps('brandId')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <Switch
          label="Restricted"
          description="Only approved buyers see restricted products"
          {...form.getInputProps('restricted', { type: 'checkbox' })}
        />
        <Switch
          label="Ignore quantity for new listings"
          description="Listings added without a counted quantity (an upload with no quantity column) show as available instead of sold out; existing listings keep theirs"
          data-testid="product-ignore-quantity"
          {...form.getInputProps('ignoreQuantityDefault', { type: 'checkbox' })}
        />
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!form.isDirty()}
            data-testid="save-product"
          >
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /admin/products/{id}: a product's names, synonyms, categories, advantages, brand, restricted flag and
 * ignore-quantity default; its sizes and listings; its photos in order.
 */
export function AdminProductPage() {
  const id = Number(useParams().id);
  const product = useAdminProduct(id);
  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminProducts} size="sm">
        Products
      </Anchor>
      <Text size="sm">{product.data?.primaryName ?? `Product #${id}`}</Text>
    </Breadcrumbs>
  );
  if (product.isPending || product.isError) {
    return (
      <AdminFrame title="Product">
        {crumbs}
        {product.isPending ? (
          <PageLoader />
        ) : (
          <LoadErrorAlert
            title="Could not load this product"
            error={product.error}
            onRetry={() => product.refetch()}
          />
        )}
      </AdminFrame>
    );
  }
  const p = product.data;
  return (
    <AdminFrame title={p.primaryName}>
      {crumbs}
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2}>{p.primaryName}</Title>
        <Anchor component={Link} to={paths.product(p.pathIdentifier)} size="sm">
          View in the catalogue
        </Anchor>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg">
            <ProductForm key={p.updatedAt} product={p} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg">
            <Text size="sm" c="dimmed">
              {[p.group?.name, p.family?.name, p.brand?.name].filter(Boolean).join(' · ') || 'No group'}
            </Text>
            <SizesEditor product={p} />
          </Card>
          <Card withBorder padding="lg" mt="md">
            <ProductImages
              productId={p.id}
              catalogueImage={p.imageUrl !== null && !p.imageUrl.startsWith(productImagePathPrefix)}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </AdminFrame>
  );
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/** One size: its name (renamed in place) and listing count, with a remove button. */
function SizeRow({
  variant,
  edits,
}: {
  variant: AdminProduct['variants'][number];
  edits: ReturnType<typeof useVariantEdits>;
}) {
  const [size, setSize] = useState(variant.size);
  const [error, setError] = useState<string | null>(null);
  const rename = async () => {
    try {
      setError(null);
      await edits.rename.mutateAsync({ id: variant.id, size });
      showSuccess('Size renamed');
    } catch (caught) {
      setError(errorText(caught) ?? 'Could not rename the size');
    }
  };
  const remove = async () => {
    try {
      await edits.remove.mutateAsync(variant.id);
      showSuccess(`Size ${variant.size} removed`);
    } catch (caught) {
      showError(errorText(caught));
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="admin-variant">
      <TextInput
        aria-label={`Size ${variant.size}`}
        value={size}
        onChange={(event) => setSize(event.currentTarget.value)}
        error={error}
        size="xs"
        style={{ flex: 1 }}
        description={`${variant.listingCount} ${variant.listingCount === 1 ? 'listing' : 'listings'}`}
        inputWrapperOrder={['input', 'description', 'error']}
      />
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`Rename size ${variant.size}`}
        disabled={size.trim() === variant.size || size.trim() === ''}
        loading={edits.rename.isPending && edits.rename.variables?.id === variant.id}
        onClick={rename}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        color="red"
        size="md"
        aria-label={`Remove size ${variant.size}`}
        loading={edits.remove.isPending && edits.remove.variables === variant.id}
        onClick={remove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The product's sizes: add one, rename or remove each (a size in use is refused with the reason). */
function SizesEditor({ product }: { product: AdminProduct }) {
  const edits = useVariantEdits(product.id);
  const [size, setSize] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      setError(null);
      await edits.add.mutateAsync(size);
      setSize('');
      showSuccess('Size added');
    } catch (caught) {
      setError(errorText(caught) ?? 'Could not add the size');
    }
  };
  return (
    <>
      <Title order={3} size="h5" mt="md" mb="xs">
        Sizes and listings
      </Title>
      {product.variants.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sizes yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {product.variants.map((variant) => (
            <SizeRow key={`${variant.id}-${variant.size}`} variant={variant} edits={edits} />
          ))}
        </Stack>
      )}
      <form onSubmit={add} aria-label="Add a size">
        <Group gap="xs" mt="sm" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="New size"
            placeholder="New size, e.g. #3"
            size="xs"
            value={size}
            onChange={(event) => setSize(event.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            size="xs"
            variant="default"
            loading={edits.add.isPending}
            disabled={!size.trim()}
          >
            Add Size
          </Button>
        </Group>
      </form>
    </>
  );
}

/**
 * The product's photos (the same pipeline as suppliers' uploads: type, size, small and mini sizes), in
 * the order buyers see them: staff move each earlier or later, and the first is the product's image.
 */
function ProductImages({ productId, catalogueImage }: { productId: number; catalogueImage: boolean }) {
  const images = useAdminProductImages(productId);
  const add = useAddAdminProductImages(productId);
  const remove = useRemoveAdminProductImage(productId);
  const reorder = useReorderAdminProductImages(productId);
  const move = async (index: number, by: -1 | 1) => {
    const ids = (images.data?.results ?? []).map((entry) => entry.id);
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target], ids[index]];
    try {
      await reorder.mutateAsync(ids);
      showSuccess(target === 0 ? 'Photo moved first' : 'Photo moved');
    } catch (caught) {
      showError(errorText(caught));
    }
  };
  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    try {
      await add.mutateAsync({ files, today: dayjs().format('YYYY-MM-DD') });
      showSuccess(files.length === 1 ? 'Photo added' : 'Photos added');
    } catch (caught) {
      showError(errorText(caught));
    }
  };
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Images
        </Title>
        <FileButton accept="image/png,image/jpeg,image/webp,image/gif" multiple onChange={onFiles}>
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={add.isPending}>
              Upload Images
            </Button>
          )}
        </FileButton>
      </Group>
      {images.isPending ? (
        <Loader size="sm" />
      ) : images.isError ? (
        <LoadErrorAlert title="Could not load images" error={images.error} onRetry={() => images.refetch()} />
      ) : images.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No images yet.
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {catalogueImage
              ? 'Buyers see them in this order; tiles show the image the catalogue came with.'
              : 'Buyers see them in this order; the first is the product’s image on tiles.'}
          </Text>
          <SimpleGrid cols={3} spacing="xs" data-testid="admin-product-images">
            {images.data.results.map((entry, index, all) => (
              <Stack
                key={entry.id}
                gap={4}
                align="center"
                data-testid="admin-product-image"
                data-image-id={entry.id}
              >
                <Box pos="relative" w="100%">
                  <Image
                    src={entry.image.mini.url}
                    alt={`${entry.productName} photo ${index + 1}`}
                    radius="sm"
                    h={72}
                    w="100%"
                    fit="cover"
                  />
                  {index === 0 && (
                    <Badge size="xs" pos="absolute" top={4} left={4} variant="filled">
                      Main
                    </Badge>
                  )}
                </Box>
                <Group gap={4} wrap="nowrap" justify="center">
                  <ActionIcon
                    variant="default"
                    size="md"
                    aria-label={`Move photo ${index + 1} earlier`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowLeft size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="md"
                    aria-label={`Move photo ${index + 1} later`}
                    disabled={index === all.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowRight size={16} />
                  </ActionIcon>
                </Group>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove photo ${index + 1}`}
                  loading={remove.isPending && remove.variables === entry.id}
                  onClick={() =>
                    remove.mutate(entry.id, { onError: (caught) => showError(errorText(caught)) })
                  }
                >
                  Remove
                </Button>
              </Stack>
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}

import {
  Anchor,
  Avatar,
  Breadcrumbs,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type AdminBrand,
  adminBrandCreateSchema,
  brandMessages,
} from '../../../../domain/catalog/admin-brands';
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
  useAdminBrand,
  useAdminBrands,
  useCreateBrand,
  useSaveBrand,
  useUploadBrandLogo,
} from '../api/brands';
import { useOrganizations } from '../api/get-organizations';

const perPage = 25;
const logoTypes = 'image/png,image/jpeg,image/webp,image/svg+xml';

function BrandsTable({ brands }: { brands: AdminBrand[] }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        striped
        verticalSpacing="xs"
        data-testid="admin-brands-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Brand</Table.Th>
            <Table.Th>Organisation</Table.Th>
            <Table.Th ta="right">Products</Table.Th>
            <Table.Th>Web address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {brands.map((brand) => (
            <Table.Tr key={brand.id} data-testid="admin-brand-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={brand.logoUrl} size="sm" radius="sm" alt="">
                    {brand.name.slice(0, 2).toUpperCase()}
                  </Avatar>
                  <Anchor component={Link} to={paths.adminBrandEdit(brand.id)} fw={600} size="sm">
                    {brand.name}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{brand.organization?.name ?? '—'}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{brand.productCount}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={paths.brand(brand.slug)} size="sm">
                  /brands/{brand.slug}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/brands: brands by name, searchable and paged, with their organisation and product count. */
export function AdminBrandsPage() {
  const { page, query, update } = useListSearchParams();
  const brands = useAdminBrands({ page, perPage, query: query || undefined });
  const onSearch = useCallback(
    (value: string) => update({ query: value.trim() }, { replace: true }),
    [update],
  );
  return (
    <AdminFrame title="Brands">
      <Group align="flex-end" justify="space-between" gap="sm" mb="md" wrap="wrap">
        <Group align="flex-end" gap="sm" style={{ flex: '1 1 260px' }}>
          <SearchInput
            label="Search brands"
            placeholder="Brand name"
            value={query}
            onSearch={onSearch}
            style={{ flex: '1 1 240px' }}
            maw={420}
            data-testid="admin-brand-search"
          />
          {brands.isFetching && !brands.isPending && <Loader size="sm" mb={8} aria-label="Updating" />}
        </Group>
        <Button component={Link} to={paths.adminBrandNew}>
          New Brand
        </Button>
      </Group>
      {brands.isPending ? (
        <PageLoader />
      ) : brands.isError ? (
        <LoadErrorAlert title="Could not load brands" error={brands.error} onRetry={() => brands.refetch()} />
      ) : brands.data.results.length === 0 ? (
        <EmptyList
          testId="admin-brands-empty"
          {...(page > 1 && brands.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : { message: 'No brands match.' })}
        />
      ) : (
        <BrandsTable brands={brands.data.results} />
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
    </AdminFrame>
  );
}

/** A searchable choice of organisation (Beehive's organisation list), keeping the current one. */
function OrganizationSelect({
  current,
  value,
  onChange,
  error,
}: {
  current: { id: number; name: string } | null;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useOrganizations({ query: debounced, page: 1, perPage: 20 });
  const choices = new Map<string, string>();
  if (current) choices.set(String(current.id), current.name);
  for (const organization of found.data?.results ?? [])
    choices.set(String(organization.id), organization.name);
  return (
    <Select
      label="Organisation"
      description="The company that owns the brand, if any"
      placeholder="Search organisations"
      data={[...choices].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No organisation matches'}
      filter={({ options }) => options}
      error={error}
    />
  );
}

type Values = { name: string; slug: string; description: string; organizationId: string | null };

const toBody = (values: Values) => ({
  name: values.name,
  slug: values.slug.trim() || undefined,
  description: values.description,
  organizationId: values.organizationId ? Number(values.organizationId) : null,
});

function BrandForm({ brand }: { brand: AdminBrand | null }) {
  const navigate = useNavigate();
  const create = useCreateBrand();
  const save = useSaveBrand(brand?.id ?? 0);
  const form = useForm<Values>({
    initialValues: {
      name: brand?.name ?? '',
      slug: brand?.slug ?? '',
      description: brand?.description ?? '',
      organizationId: brand?.organization ? String(brand.organization.id) : null,
    },
    validate: zodValidate(adminBrandCreateSchema, toBody),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      if (brand) {
        await save.mutateAsync(toBody(values));
        form.resetDirty();
        showSuccess('Brand saved');
      } else {
        const created = await create.mutateAsync(toBody(values));
        showSuccess('Brand added');
        navigate(paths.adminBrandEdit(created.id), { replace: true });
      }
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) form.setErrors(apiError.fields);
      else showError(apiError?.message);
    }
  }, focusFirstError);
  return (
    <form onSubmit={submit} noValidate aria-label="Brand" data-testid="admin-brand-form">
      <Stack gap="md">
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} data-testid="brand-name" />
        <TextInput
          label="Web address"
          description={
            brand ? 'The brand page’s address: /brands/…' : 'Made from the name when left empty: /brands/…'
          }
          {...form.getInputProps('slug')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <OrganizationSelect
          current={brand?.organization ?? null}
          value={form.values.organizationId}
          onChange={(value) => form.setFieldValue('organizationId', value)}
          error={form.errors.organizationId}
        />
        <Group>
          <Button
            type="submit"
            loading={create.isPending || save.isPending}
            disabled={Boolean(brand) && !form.isDirty()}
            data-testid="save-brand"
          >
            {brand ? 'Save Changes' : 'Add Brand'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BrandLogo({ brand }: { brand: AdminBrand }) {
  const upload = useUploadBrandLogo(brand.id);
  const onFile = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      showSuccess('Logo uploaded');
    } catch (error) {
      showError(error instanceof ApiError ? error.message : undefined);
    }
  };
  return (
    <Group>
      <Avatar src={brand.logoUrl} size="xl" radius="md" alt={`${brand.name} logo`}>
        {brand.name.slice(0, 2).toUpperCase()}
      </Avatar>
      <Stack gap={4}>
        <FileButton accept={logoTypes} onChange={onFile}>
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={upload.isPending}>
              {brand.logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PNG, JPEG, WebP or SVG, at most 5 MB
        </Text>
      </Stack>
    </Group>
  );
}

function Crumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminBrands} size="sm">
        Brands
      </Anchor>
      <Text size="sm">{current}</Text>
    </Breadcrumbs>
  );
}

/** /admin/brands/new */
export function AdminBrandNewPage() {
  return (
    <AdminFrame title="New brand">
      <Crumbs current="New brand" />
      <Card withBorder padding="lg" maw={720}>
        <BrandForm brand={null} />
      </Card>
    </AdminFrame>
  );
}

/** /admin/brands/{id}/edit: name, web address, description, organisation and logo. */
export function AdminBrandEditPage() {
  const id = Number(useParams().id);
  const brand = useAdminBrand(id);
  if (brand.isPending || brand.isError) {
    return (
      <AdminFrame title="Brand">
        <Crumbs current={`Brand #${id}`} />
        {brand.isPending ? (
          <PageLoader />
        ) : (
          <LoadErrorAlert
            title={brandMessages.notFound}
            error={brand.error}
            onRetry={() => brand.refetch()}
          />
        )}
      </AdminFrame>
    );
  }
  const b = brand.data;
  return (
    <AdminFrame title={b.name}>
      <Crumbs current={b.name} />
      <Card withBorder padding="lg" maw={720}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <BrandLogo brand={b} />
            <Stack gap={2} align="flex-end">
              <Anchor component={Link} to={paths.brand(b.slug)} size="sm">
                View the brand page
              </Anchor>
              <Text size="xs" c="dimmed">
                {b.productCount} {b.productCount === 1 ? 'product' : 'products'}
              </Text>
            </Stack>
          </Group>
          <BrandForm key={b.updatedAt} brand={b} />
        </Stack>
      </Card>
    </AdminFrame>
  );
}

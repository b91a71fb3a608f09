import {
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { canadianProvinces, usStates } from '../../../../domain/accounts/options';
import { isValidPostalCode } from '../../../../domain/accounts/postal-code';
import { can } from '../../../../domain/admin/beehive-access';
import { adminBranchInputSchema, postalCodeNotFoundMessage } from '../../../../domain/admin/branch-admin';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../api/current-user';
import { paths } from '../../../paths';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { showError, showSuccess } from '../../../shell/toasts';
import { NoticesCard, RequirementsCard } from '../../../ui/branch-rules-cards';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { type AdminBranch, lookupPostalCode, useAdminBranch, useSaveAdminBranch } from '../api/branches';

type Values = {
  name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  postalCode: string;
  country: 'USA' | 'CAN';
  phone: string;
  hidden: boolean;
  sellsOnline: boolean;
  honorsPurchaseDiscount: boolean;
};

const toInput = (values: Values) => ({
  name: values.name,
  address: {
    name: values.name,
    street1: values.street1,
    street2: values.street2,
    city: values.city,
    state: values.state,
    postalCode: values.postalCode,
    country: values.country,
    phone: values.phone,
  },
  hidden: values.hidden,
  sellsOnline: values.sellsOnline,
  honorsPurchaseDiscount: values.honorsPurchaseDiscount,
});

// The server names address fields `address.city`; the form holds them flat.
const flatField = (key: string) => key.replace(/^address\./, '');

const regions = [
  { group: 'USA', items: usStates.map((state) => ({ value: state.code, label: state.name })) },
  {
    group: 'Canada',
    items: canadianProvinces.map((province) => ({ value: province.code, label: province.name })),
  },
];

function BranchForm({ branch, canEdit }: { branch: AdminBranch; canEdit: boolean }) {
  const save = useSaveAdminBranch(branch.organizationId, branch.id);
  const [lookingUp, setLookingUp] = useState(false);
  const [coordinates, setCoordinates] = useState({ latitude: branch.latitude, longitude: branch.longitude });
  const form = useForm<Values>({
    initialValues: {
      name: branch.name,
      street1: branch.address?.street1 ?? '',
      street2: branch.address?.street2 ?? '',
      city: branch.address?.city ?? '',
      state: branch.address?.state ?? '',
      postalCode: branch.address?.postalCode ?? '',
      country: branch.address?.country === 'CAN' ? 'CAN' : 'USA',
      phone: branch.address?.phone ?? '',
      hidden: branch.hidden,
      sellsOnline: branch.sellsOnline,
      honorsPurchaseDiscount: branch.honorsPurchaseDiscount,
    },
    validate: (values) => {
      const errors = zodValidate<Values>(adminBranchInputSchema, toInput)(values);
      return Object.fromEntries(Object.entries(errors).map(([key, message]) => [flatField(key), message]));
    },
  });

  // addresses lookup: the postal code fills the city and state, and shows where the branch will sit.
  const lookUp = async () => {
    const code = form.values.postalCode.trim();
    if (!isValidPostalCode(code)) return;
    setLookingUp(true);
    try {
      const place = await lookupPostalCode(code);
      form.setValues({
        postalCode: place.postalCode,
        city: place.city,
        state: place.state,
        country: place.country,
      });
      setCoordinates({ latitude: place.latitude, longitude: place.longitude });
      form.clearFieldError('postalCode');
    } catch {
      form.setFieldError('postalCode', postalCodeNotFoundMessage);
    } finally {
      setLookingUp(false);
    }
  };

  const submit = async (values: Values) => {
    if (save.isPending) return;
    try {
      const saved = await save.mutateAsync(toInput(values));
      setCoordinates({ latitude: saved.latitude, longitude: saved.longitude });
      form.resetDirty();
      showSuccess('Branch saved');
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) {
        const fields = Object.fromEntries(
          Object.entries(apiError.fields).map(([key, message]) => [flatField(key), message]),
        );
        form.setErrors(fields);
        focusFirstError(fields);
      } else showError(apiError?.message);
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstError)} noValidate aria-label="Branch">
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Title order={3} size="h4" mb="md">
                Address
              </Title>
              <Stack gap="sm">
                <TextInput label="Branch name" withAsterisk {...form.getInputProps('name')} />
                <TextInput label="Street address" withAsterisk {...form.getInputProps('street1')} />
                <TextInput label="Street address 2" {...form.getInputProps('street2')} />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <TextInput
                    label="Zip or postal code"
                    withAsterisk
                    leftSection={<IconMapPin size={16} />}
                    {...form.getInputProps('postalCode')}
                    onBlur={() => void lookUp()}
                    rightSectionWidth={80}
                    rightSection={
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => void lookUp()}
                        loading={lookingUp}
                        data-testid="lookup-postal-code"
                      >
                        Look up
                      </Button>
                    }
                  />
                  <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
                  <Select
                    label="State or province"
                    withAsterisk
                    searchable
                    data={regions}
                    {...form.getInputProps('state')}
                  />
                </SimpleGrid>
                <TextInput label="Phone" withAsterisk maw={260} {...form.getInputProps('phone')} />
                <Text size="sm" c="dimmed" data-testid="branch-coordinates">
                  The postal code’s Look up fills the city and state.{' '}
                  {coordinates.latitude !== null && coordinates.longitude !== null
                    ? `Coordinates ${coordinates.latitude.toFixed(4)}, ${coordinates.longitude.toFixed(4)} (refreshed from the postal code when saved)`
                    : 'No coordinates yet: they are set from the postal code when saved.'}
                </Text>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Title order={3} size="h4" mb="md">
                On the marketplace
              </Title>
              <Stack gap="md">
                <Switch
                  label="Hidden"
                  description="Left out of search and the supplier directory"
                  {...form.getInputProps('hidden', { type: 'checkbox' })}
                />
                <Switch
                  label="Selling online"
                  description="Buyers may send orders to this branch"
                  {...form.getInputProps('sellsOnline', { type: 'checkbox' })}
                />
                <Checkbox
                  label="Honours purchase discounts"
                  description="Buyers’ purchase discounts (EVD) apply at this branch"
                  {...form.getInputProps('honorsPurchaseDiscount', { type: 'checkbox' })}
                />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        {canEdit && (
          <Group mt="lg">
            <Button type="submit" loading={save.isPending} data-testid="save-branch">
              Save branch
            </Button>
          </Group>
        )}
      </fieldset>
    </form>
  );
}

/**
 * /admin/organizations/{id}/branches/{branchId}/edit: a branch's address, lookup and switches, and
 * (with edit_organizations) its order requirements and notices to buyers.
 */
export function AdminBranchPage() {
  const params = useParams();
  const organizationId = Number(params.id);
  const branchId = Number(params.branchId);
  const branch = useAdminBranch(organizationId, branchId);
  const { user: me } = useCurrentUser();

  const crumbs = (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to={paths.adminOrganizations} size="sm">
        Organizations
      </Anchor>
      <Anchor component={Link} to={paths.adminOrganization(organizationId)} size="sm">
        {branch.data?.organizationName ?? `Organization #${organizationId}`}
      </Anchor>
      <Text size="sm">{branch.data?.name ?? `Branch #${branchId}`}</Text>
    </Breadcrumbs>
  );

  return (
    <AdminFrame title={branch.data?.name ?? 'Branch'}>
      {crumbs}
      {branch.isPending ? (
        <PageLoader />
      ) : branch.isError ? (
        <LoadErrorAlert
          title="Could not load this branch"
          error={branch.error}
          onRetry={() => branch.refetch()}
        />
      ) : (
        <>
          <Title order={2} mb={4}>
            {branch.data.name}
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            Branch #{branch.data.id} · {branch.data.slug}
            {branch.data.isPrimary ? ' · Primary' : ''}
          </Text>
          <BranchForm
            key={branch.data.updatedAt}
            branch={branch.data}
            canEdit={can(me, 'edit_organizations')}
          />
          {can(me, 'edit_organizations') && (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="lg">
              <RequirementsCard branchId={branch.data.id} />
              <NoticesCard branchId={branch.data.id} />
            </SimpleGrid>
          )}
        </>
      )}
    </AdminFrame>
  );
}

import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { productName } from '../../../../domain/brand';
import { ApiError } from '../../../api/client';
import { showSuccess } from '../../../shell/toasts';
import type { Company } from '../api/get-organization';
import { type OrganizationPatch, useUpdateOrganization } from '../api/update-organization';

type Values = { name: string; isBuyer: boolean };

/** The organisation's name and whether it buys on the marketplace; remounted (key) when fresh data arrives. */
export function OrganizationEditForm({ organization }: { organization: Company }) {
  const update = useUpdateOrganization(organization.id);
  const form = useForm<Values>({
    initialValues: { name: organization.name, isBuyer: organization.isBuyer },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a name'),
    },
  });
  const patch: OrganizationPatch = {};
  if (form.values.name.trim() !== organization.name) patch.name = form.values.name.trim();
  if (form.values.isBuyer !== organization.isBuyer) patch.isBuyer = form.values.isBuyer;
  const dirty = Object.keys(patch).length > 0;

  const submit = form.onSubmit(() => {
    if (!dirty) return;
    update.mutate(patch, {
      onSuccess: () => showSuccess('Organization updated'),
      // The default toast says what failed; the fields get the server's messages too.
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fields);
      },
    });
  });

  return (
    <form onSubmit={submit} data-testid="organization-edit-form">
      <Stack gap="md">
        <TextInput
          label="Name"
          maxLength={200}
          data-testid="organization-name"
          {...form.getInputProps('name')}
        />
        <Switch
          label={`Buys on ${productName}`}
          description="Suppliers that also buy see buyer panels on their dashboard."
          data-testid="organization-is-buyer"
          {...form.getInputProps('isBuyer', { type: 'checkbox' })}
        />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending} disabled={!dirty} data-testid="save-organization">
            Save changes
          </Button>
          {dirty && (
            <Button variant="default" onClick={() => form.reset()} disabled={update.isPending}>
              Discard
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

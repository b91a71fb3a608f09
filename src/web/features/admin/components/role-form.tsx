import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  isBuiltInRole,
  type Permission,
  permissionLabels,
  permissions,
  type Role,
  type RoleInput,
  roleInputSchema,
} from '../../../../domain/admin/permissions';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { showError } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';

type Values = { name: string; description: string; permissions: Permission[] };

/** A role's name, description and the permissions it grants, one checkbox each. */
export function RoleForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  initial?: Role | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: RoleInput) => Promise<unknown>;
}) {
  const form = useForm<Values>({
    initialValues: {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      permissions: initial?.permissions ?? [],
    },
    validate: zodValidate(roleInputSchema),
  });
  const builtIn = initial ? isBuiltInRole(initial.name) : false;
  const admin = initial?.name === 'admin';

  const handleSubmit = async (values: Values) => {
    if (pending) return;
    try {
      // Built-in names are fixed and admin's permissions are all of them: send only what may change.
      const input: RoleInput = admin
        ? ({ description: values.description } as RoleInput)
        : builtIn
          ? ({ description: values.description, permissions: values.permissions } as RoleInput)
          : values;
      await onSubmit(input);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError && Object.keys(apiError.fields).length > 0) {
        form.setErrors(apiError.fields);
        focusFirstError(apiError.fields);
      } else showError(apiError?.message);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate aria-label="Role">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={900}>
        <Stack gap="md">
          {builtIn && (
            <Alert variant="light" color="gray" icon={<IconLock size={18} />} p="sm">
              <Text size="sm">
                {admin
                  ? 'The admin role always has every permission.'
                  : 'A built-in role keeps its name; its permissions may change.'}
              </Text>
            </Alert>
          )}
          <TextInput
            label="Name"
            description="Lower-case letters, digits and underscores, e.g. catalogue_editor"
            withAsterisk
            disabled={builtIn}
            maw={420}
            {...form.getInputProps('name')}
          />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <Checkbox.Group
            label="Permissions"
            description="What holders of this role may do in Beehive"
            {...form.getInputProps('permissions')}
            value={admin ? [...permissions] : form.values.permissions}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
              {permissions.map((permission) => (
                <Checkbox
                  key={permission}
                  value={permission}
                  disabled={admin}
                  label={permissionLabels[permission]}
                  description={permission}
                  data-testid={`permission-${permission}`}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group gap="sm">
            <Button type="submit" loading={pending} data-testid="save-role">
              {submitLabel}
            </Button>
            <Button component={Link} to={paths.adminRoles} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type CompleteProfileInput,
  completeProfileSchema,
} from '../../../../domain/accounts/invite-request-schema';
import { companyRoles, projectTypes } from '../../../../domain/accounts/options';
import type { PendingInviteRequest } from '../../../../domain/dashboard/dashboard-views';
import { ApiError } from '../../../api/client';
import { showSuccess } from '../../../shell/toasts';
import { CompanySizeSelect, CompanyTypeSelect } from '../../../ui/company-selects';
import { PhoneInput } from '../../../ui/phone-input';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { inviteRequestQueryOptions, useCompleteProfile } from '../api/dashboard-api';

export const profileSavedMessage = 'Your profile has been saved!';
export const profileSaveFailedMessage = 'There was an error saving your data. Please try again.';

type Values = {
  phone: string;
  companyName: string;
  postalCode: string;
  companySize: string | null;
  roles: string[];
  otherRole: string;
  companyType: string | null;
  projectTypes: string[];
};

const toInput = (values: Values): CompleteProfileInput => ({
  ...values,
  companySize: (values.companySize ?? '') as CompleteProfileInput['companySize'],
  companyType: (values.companyType ?? '') as CompleteProfileInput['companyType'],
  projectTypes: values.projectTypes as CompleteProfileInput['projectTypes'],
  otherRole: values.roles.includes('Other') ? values.otherRole : null,
});

function CompleteProfileForm({ request, onDone }: { request: PendingInviteRequest; onDone: () => void }) {
  const save = useCompleteProfile(request.id);
  const [failure, setFailure] = useState<string | null>(null);
  const asks = (field: PendingInviteRequest['missing'][number]) => request.missing.includes(field);
  const form = useForm<Values>({
    initialValues: {
      phone: request.known.phone ?? '',
      companyName: request.known.companyName ?? '',
      postalCode: request.known.postalCode ?? '',
      companySize: request.known.companySize,
      // Known roles stay as they are; a form that asks for roles starts empty.
      roles: asks('roles') ? [] : request.known.roles,
      otherRole: '',
      companyType: request.known.companyType,
      projectTypes: asks('projectTypes') ? [] : request.known.projectTypes,
    },
    validate: zodValidate(completeProfileSchema, toInput),
  });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(toInput(values), {
        onSuccess: () => {
          showSuccess(profileSavedMessage);
          onDone();
        },
        onError: (error) => {
          // The form keeps what was typed; field errors go back onto their fields.
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
          setFailure(error.message);
        },
      });
    },
    (errors) => focusFirstError(errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Tell us a little more about your business so we can verify your account and suppliers know who you
          are.
        </Text>
        {failure !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="profile-save-error"
          >
            <Text size="sm" fw={600}>
              {profileSaveFailedMessage}
            </Text>
            {failure && <Text size="sm">{failure}</Text>}
          </Alert>
        )}
        {asks('phone') && (
          <PhoneInput label="Phone" withAsterisk {...form.getInputProps('phone')} data-path="phone" />
        )}
        {asks('companyName') && (
          <TextInput
            label="Company name"
            withAsterisk
            {...form.getInputProps('companyName')}
            data-path="companyName"
          />
        )}
        {asks('postalCode') && (
          <TextInput
            label="Zip code"
            withAsterisk
            autoComplete="postal-code"
            {...form.getInputProps('postalCode')}
            data-path="postalCode"
          />
        )}
        {(asks('companyType') || asks('companySize')) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {asks('companyType') && (
              <CompanyTypeSelect {...form.getInputProps('companyType')} data-path="companyType" />
            )}
            {asks('companySize') && (
              <CompanySizeSelect {...form.getInputProps('companySize')} data-path="companySize" />
            )}
          </SimpleGrid>
        )}
        {asks('projectTypes') && (
          <Checkbox.Group
            label="Project types"
            description="Select all that apply"
            withAsterisk
            {...form.getInputProps('projectTypes')}
            data-path="projectTypes"
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" mt="xs">
              {projectTypes.map((type) => (
                <Checkbox key={type} value={type} label={type} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
        {asks('roles') && (
          <Checkbox.Group
            label="Your roles"
            description="Select all that apply"
            withAsterisk
            {...form.getInputProps('roles')}
            data-path="roles"
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" mt="xs">
              {companyRoles.map((role) => (
                <Checkbox key={role} value={role} label={role} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
        {asks('roles') && form.values.roles.includes('Other') && (
          <TextInput
            label="Other role"
            withAsterisk
            placeholder="e.g. Irrigation technician"
            {...form.getInputProps('otherRole')}
            data-path="otherRole"
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Complete Your Profile (part 1 §2.6): shown while the user's invite request lacks details. */
export function CompleteProfileModal() {
  const query = useQuery(inviteRequestQueryOptions());
  const [closed, setClosed] = useState(false);
  const request = query.data?.inviteRequest ?? null;
  return (
    <Modal
      opened={Boolean(request) && !closed}
      onClose={() => setClosed(true)}
      title={
        <Text fw={700} size="lg">
          Complete Your Profile
        </Text>
      }
      size="lg"
      data-testid="complete-profile-modal"
    >
      {request && <CompleteProfileForm request={request} onDone={() => setClosed(true)} />}
    </Modal>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  type InviteRequestInput,
  inviteRequestSchema,
} from '../../../../domain/accounts/invite-request-schema';
import { companyRoles, projectTypes } from '../../../../domain/accounts/options';
import { passwordMinLength } from '../../../../domain/accounts/sign-in-schema';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { useCurrentUser, useSetSession } from '../../../api/current-user';
import { sameSitePath } from '../../../lib/same-site-path';
import { paths } from '../../../paths';
import { PageLoader } from '../../../shell/route-guards';
import { successToastMs } from '../../../shell/toasts';
import { CompanySizeSelect, CompanyTypeSelect } from '../../../ui/company-selects';
import { PhoneInput } from '../../../ui/phone-input';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { useCreateInviteRequest } from '../api/create-invite-request';
import { AuthCard } from '../components/auth-card';

type SignUpValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  companyName: string;
  /** '' until answered: the question is optional. */
  orgUsesLH: '' | 'yes' | 'no';
  companyType: string | null;
  projectTypes: string[];
  companySize: string | null;
  roles: string[];
  otherRole: string;
  postalCode: string;
};

const initialValues: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  companyName: '',
  orgUsesLH: '',
  companyType: null,
  projectTypes: [],
  companySize: null,
  roles: [],
  otherRole: '',
  postalCode: '',
};

const saveFailedMessage = 'There was an error saving your data. Please try again.';

/** A positive whole number from the query string, or null. */
function organizationIdFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The request body: the form's values as the shared schema reads them; hidden fields are not sent. */
function toInput(values: SignUpValues, organizationId: number | null): InviteRequestInput {
  const personal = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    password: values.password,
    postalCode: values.postalCode,
  };
  if (organizationId) return { ...personal, organizationId };
  return {
    ...personal,
    organizationId: null,
    companyName: values.companyName,
    orgUsesLH: values.orgUsesLH === '' ? undefined : values.orgUsesLH === 'yes',
    companyType: (values.companyType || null) as InviteRequestInput['companyType'],
    projectTypes: values.projectTypes as InviteRequestInput['projectTypes'],
    companySize: (values.companySize || null) as InviteRequestInput['companySize'],
    roles: values.roles,
    otherRole: values.roles.includes('Other') ? values.otherRole : null,
  };
}

/**
 * Sign-up (an invite request) at /invite-requests/new, spec part 1 §2.5.
 *
 * Linking an existing organization: there is no organization lookup API yet, so a link that already
 * knows the company (an invitation from a colleague, a supplier page) passes `?organizationId=42`.
 * The company questions are then hidden and not sent; the server attaches the request to that
 * organization. The spec also disables the postal code when the linked organization has one; without
 * the lookup we cannot know it, so the field stays editable.
 */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const destination = sameSitePath(searchParams.get('redirect')) ?? paths.home;
  const organizationId = organizationIdFrom(searchParams.get('organizationId'));
  const { user, isPending } = useCurrentUser();
  const createInviteRequest = useCreateInviteRequest();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ message: string; emailTaken: boolean } | null>(null);
  const form = useForm<SignUpValues>({
    initialValues,
    validate: zodValidate(inviteRequestSchema, (values: SignUpValues) => toInput(values, organizationId)),
  });

  if (isPending) return <PageLoader />;
  if (user) return <Navigate to={destination} replace />;

  const handleSubmit = async (values: SignUpValues) => {
    if (createInviteRequest.isPending) return;
    setFailure(null);
    try {
      const created = await createInviteRequest.mutateAsync(toInput(values, organizationId));
      setSession(created.token, created.user);
      notifications.show({ color: 'green', message: 'Welcome to Hedgerow!', autoClose: successToastMs });
      navigate(destination, { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const fields = apiError?.fields ?? {};
      const known = Object.keys(fields).filter((field) => field in initialValues);
      if (known.length > 0) {
        form.setErrors(fields);
        focusFirstError(fields);
        if (apiError?.code === 'email_taken') setFailure({ message: apiError.message, emailTaken: true });
      } else {
        setFailure({ message: apiError?.message ?? genericErrorMessage, emailTaken: false });
      }
    }
  };

  const showOtherRole = form.values.roles.includes('Other');

  return (
    <AuthCard
      width={880}
      title="Create your Hedgerow account"
      subtitle="Wholesale plants and hard goods from nurseries and distributors near your jobs. It takes about two minutes."
      footer={
        <>
          Already have an account?{' '}
          <Anchor
            component={Link}
            to={paths.signIn(sameSitePath(searchParams.get('redirect')) ?? undefined)}
            fw={600}
          >
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate>
        <Stack gap="xl">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={failure.emailTaken ? undefined : saveFailedMessage}
              role="alert"
            >
              {failure.message}
              {failure.emailTaken && (
                <Group gap="md" mt={6}>
                  <Anchor
                    component={Link}
                    to={paths.signIn(sameSitePath(searchParams.get('redirect')) ?? undefined)}
                    size="sm"
                    fw={600}
                  >
                    Sign in
                  </Anchor>
                  <Anchor component={Link} to={paths.passwordNew} size="sm" fw={600}>
                    Reset your password
                  </Anchor>
                </Group>
              )}
            </Alert>
          )}

          <section aria-labelledby="sign-up-about-you">
            <Title order={2} size="h4" id="sign-up-about-you" mb="sm">
              About you
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label="First name"
                withAsterisk
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                withAsterisk
                autoComplete="family-name"
                {...form.getInputProps('lastName')}
              />
              <TextInput
                label="Email"
                type="email"
                withAsterisk
                autoComplete="email"
                {...form.getInputProps('email')}
              />
              <PhoneInput label="Phone" withAsterisk {...form.getInputProps('phone')} />
              <PasswordInput
                label="Password"
                withAsterisk
                autoComplete="new-password"
                description={`At least ${passwordMinLength} characters`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('password')}
              />
              <TextInput
                label="Zip or postal code"
                withAsterisk
                autoComplete="postal-code"
                description="We show you suppliers and delivery options near you"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('postalCode')}
              />
            </SimpleGrid>
          </section>

          <Divider />

          {organizationId ? (
            <Alert
              color="hedge"
              variant="light"
              icon={<IconBuildingStore size={18} />}
              title="Joining your company"
            >
              Your account will be added to your company's existing Hedgerow account, so there is nothing more
              to tell us about the business.
            </Alert>
          ) : (
            <section aria-labelledby="sign-up-company">
              <Title order={2} size="h4" id="sign-up-company" mb="sm">
                Your company
              </Title>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  <TextInput
                    label="Company name"
                    withAsterisk
                    autoComplete="organization"
                    {...form.getInputProps('companyName')}
                  />
                  <Radio.Group
                    label="Does your company already use Hedgerow?"
                    {...form.getInputProps('orgUsesLH')}
                  >
                    <Group gap="lg" mt={10}>
                      <Radio value="yes" label="Yes" />
                      <Radio value="no" label="No" />
                    </Group>
                  </Radio.Group>
                  <CompanyTypeSelect {...form.getInputProps('companyType')} />
                  <CompanySizeSelect {...form.getInputProps('companySize')} />
                </SimpleGrid>
                <Checkbox.Group
                  label="Project types"
                  description="Select all that apply"
                  withAsterisk
                  {...form.getInputProps('projectTypes')}
                >
                  <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" mt="xs">
                    {projectTypes.map((type) => (
                      <Checkbox key={type} value={type} label={type} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
                <Checkbox.Group
                  label="Your roles"
                  description="Select all that apply"
                  withAsterisk
                  {...form.getInputProps('roles')}
                >
                  <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" mt="xs">
                    {companyRoles.map((role) => (
                      <Checkbox key={role} value={role} label={role} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
                {showOtherRole && (
                  <TextInput
                    label="Other role"
                    withAsterisk
                    placeholder="e.g. Irrigation technician"
                    maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
                    {...form.getInputProps('otherRole')}
                  />
                )}
              </Stack>
            </section>
          )}

          <Stack gap="xs">
            <Button type="submit" size="md" fullWidth loading={createInviteRequest.isPending}>
              Create account
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              By creating an account you agree to the{' '}
              <Anchor component={Link} to={paths.terms} inherit>
                Terms of Use
              </Anchor>{' '}
              and{' '}
              <Anchor component={Link} to={paths.privacy} inherit>
                Privacy Policy
              </Anchor>
              .
            </Text>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}

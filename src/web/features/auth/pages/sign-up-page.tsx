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
import { useEffect, useState } from 'react';
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
import { type FoundCompany, useInvitationPreview } from '../api/join-company';
import { AuthCard } from '../components/auth-card';
import { CompanyFinder } from '../components/company-finder';

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

/** The company the new account joins: one chosen at sign-up, named in the link, or an invitation's. */
type LinkedCompany = {
  organizationId: number | null;
  invitationToken: string | null;
  name: string | null;
  postalCode: string | null;
};

/** The request body: the form's values as the shared schema reads them; hidden fields are not sent. */
function toInput(values: SignUpValues, linked: LinkedCompany | null): InviteRequestInput {
  const personal = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    password: values.password,
    postalCode: linked?.postalCode || values.postalCode,
  };
  if (linked?.invitationToken) return { ...personal, invitationToken: linked.invitationToken };
  if (linked?.organizationId) return { ...personal, organizationId: linked.organizationId, orgUsesLH: true };
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

const chooseCompanyMessage = 'Choose your company from the list, or answer No to add it.';

/**
 * Sign-up (an invite request) at /invite-requests/new, spec part 1 §2.5.
 *
 * The company is asked for once. 'Does your company already use Hedgerow?' Yes opens a finder (name,
 * and the zip code typed, first); choosing a company hides the company questions and, when the company
 * has a postal code, fills and disables the zip code; the account becomes a pending member the
 * company's manager approves. An e-mailed invitation (`?invitation=…`) joins its company at once; a
 * link that names the company (`?organizationId=42`) links it too. Otherwise the company named here is
 * created with the account, so the home page does not ask for it again.
 */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const destination = sameSitePath(searchParams.get('redirect')) ?? paths.home;
  const invitationToken = searchParams.get('invitation');
  const invitation = useInvitationPreview(invitationToken);
  const queryOrganizationId = organizationIdFrom(searchParams.get('organizationId'));
  const [chosen, setChosen] = useState<FoundCompany | null>(null);
  const linked: LinkedCompany | null =
    invitationToken && invitation.data
      ? {
          organizationId: null,
          invitationToken,
          name: invitation.data.organizationName,
          postalCode: invitation.data.postalCode,
        }
      : chosen
        ? {
            organizationId: chosen.id,
            invitationToken: null,
            name: chosen.name,
            postalCode: chosen.postalCode,
          }
        : queryOrganizationId
          ? { organizationId: queryOrganizationId, invitationToken: null, name: null, postalCode: null }
          : null;
  const { user, isPending } = useCurrentUser();
  const createInviteRequest = useCreateInviteRequest();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ message: string; emailTaken: boolean } | null>(null);
  const form = useForm<SignUpValues>({
    initialValues,
    validate: (values) => {
      const errors = zodValidate(inviteRequestSchema, (v: SignUpValues) => toInput(v, linked))(values);
      // 'Yes' without a company chosen: the company questions are hidden, so say what is missing.
      if (values.orgUsesLH === 'yes' && !linked) return { ...errors, companyName: chooseCompanyMessage };
      return errors;
    },
  });
  // The invitation names the person's e-mail: fill it in once it is known.
  const invitedEmail = invitation.data?.email;
  useEffect(() => {
    if (invitedEmail && !form.values.email) form.setFieldValue('email', invitedEmail);
  }, [invitedEmail, form]);

  if (isPending || (invitationToken && invitation.isPending)) return <PageLoader />;
  if (user) return <Navigate to={destination} replace />;

  const handleSubmit = async (values: SignUpValues) => {
    if (createInviteRequest.isPending) return;
    setFailure(null);
    try {
      const created = await createInviteRequest.mutateAsync(toInput(values, linked));
      setSession(created.token, created.user);
      notifications.show({
        color: 'green',
        message: created.user.pendingOrganizationName
          ? `Welcome to Hedgerow! ${created.user.pendingOrganizationName} will be asked to approve you.`
          : 'Welcome to Hedgerow!',
        autoClose: successToastMs,
      });
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
              {linked?.postalCode ? (
                <TextInput
                  label="Zip or postal code"
                  withAsterisk
                  disabled
                  value={linked.postalCode}
                  description="Your company's zip code"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  styles={{ input: { opacity: 1, color: 'var(--mantine-color-text)' } }}
                />
              ) : (
                <TextInput
                  label="Zip or postal code"
                  withAsterisk
                  autoComplete="postal-code"
                  description="We show you suppliers and delivery options near you"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps('postalCode')}
                />
              )}
            </SimpleGrid>
          </section>

          <Divider />

          {linked && (linked.invitationToken || (!chosen && linked.organizationId)) ? (
            <JoiningAlert name={linked.name} invited={Boolean(linked.invitationToken)} />
          ) : (
            <section aria-labelledby="sign-up-company">
              <Title order={2} size="h4" id="sign-up-company" mb="sm">
                Your company
              </Title>
              <Stack gap="md">
                <Radio.Group
                  label="Does your company already use Hedgerow?"
                  {...form.getInputProps('orgUsesLH')}
                  onChange={(value) => {
                    form.setFieldValue('orgUsesLH', value as SignUpValues['orgUsesLH']);
                    if (value !== 'yes') setChosen(null);
                  }}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="yes" label="Yes" />
                    <Radio value="no" label="No" />
                  </Group>
                </Radio.Group>
                {form.values.orgUsesLH === 'yes' ? (
                  chosen ? (
                    <JoiningAlert name={chosen.name} onChange={() => setChosen(null)} />
                  ) : (
                    <CompanyFinder
                      name={form.values.companyName}
                      onNameChange={(name) => form.setFieldValue('companyName', name)}
                      postalCode={form.values.postalCode}
                      onChoose={(company) => {
                        setChosen(company);
                        form.clearFieldError('companyName');
                      }}
                      error={form.errors.companyName}
                    />
                  )
                ) : (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                      <TextInput
                        label="Company name"
                        withAsterisk
                        autoComplete="organization"
                        {...form.getInputProps('companyName')}
                      />
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
                  </>
                )}
              </Stack>
            </section>
          )}
          {invitationToken && invitation.isError && (
            <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {invitation.error.message} You can still create an account below.
            </Alert>
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

/** Which company the new account joins, and how (an invitation joins at once; a request waits for approval). */
function JoiningAlert({
  name,
  invited = false,
  onChange,
}: {
  name: string | null;
  invited?: boolean;
  onChange?: () => void;
}) {
  return (
    <Alert
      color="hedge"
      variant="light"
      icon={<IconBuildingStore size={18} />}
      title={name ? `Joining ${name}` : 'Joining your company'}
      data-testid="joining-company"
    >
      <Stack gap={6} align="flex-start">
        <Text size="sm">
          {invited
            ? "You were invited: your account joins the company's Hedgerow account as soon as you create it."
            : "Your company's manager approves new members. Until then you can search suppliers and build carts; your company's carts and orders appear once you are approved."}
        </Text>
        {onChange && (
          <Button size="compact-sm" variant="subtle" onClick={onChange}>
            Choose a different company
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

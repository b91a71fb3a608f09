import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { type SignInInput, signInSchema } from '../../../../domain/accounts/sign-in-schema';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { useCurrentUser, useSetSession } from '../../../api/current-user';
import { sameSitePath } from '../../../lib/same-site-path';
import { paths } from '../../../paths';
import { PageLoader } from '../../../shell/route-guards';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';

/** Sign in at /users/login; afterwards the user goes back to `redirect_to` (a path on this site) or home. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const destination = sameSitePath(searchParams.get('redirect_to')) ?? paths.home;
  const { user, isPending } = useCurrentUser();
  const signIn = useSignIn();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // Uncontrolled: a re-render never writes an empty value over what a password manager filled in.
  const form = useForm<SignInInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zodValidate(signInSchema),
  });

  if (isPending) return <PageLoader />;
  // Someone already signed in has nothing to do here (also the case right after a successful sign-in).
  if (user) return <Navigate to={destination} replace />;

  const handleSubmit = async (values: SignInInput) => {
    if (signIn.isPending) return;
    setFailure(null);
    try {
      const session = await signIn.mutateAsync(values);
      setSession(session.token, session.user);
      navigate(destination, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : genericErrorMessage);
      // The typed e-mail stays; the password is cleared so the next try starts clean.
      form.setFieldValue('password', '');
    }
  };

  // A password manager (or typing before the page settled) can fill the fields without an input event
  // React sees; the fields themselves hold what will be sent.
  const submitFromFields = (event: FormEvent<HTMLFormElement>) => {
    const fields = new FormData(event.currentTarget);
    form.setValues({
      email: String(fields.get('email') ?? ''),
      password: String(fields.get('password') ?? ''),
    });
    form.onSubmit(handleSubmit, focusFirstError)(event);
  };

  return (
    <AuthCard
      title="Sign in to Hedgerow"
      subtitle="Search nursery stock and hard goods, build carts and order from local suppliers."
      footer={
        <>
          New to Hedgerow?{' '}
          <Anchor
            component={Link}
            to={paths.signUp(sameSitePath(searchParams.get('redirect_to')) ?? undefined)}
            fw={600}
          >
            Sign up
          </Anchor>
        </>
      }
    >
      <form onSubmit={submitFromFields} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Stack gap={4}>
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.passwordNew} size="sm">
                Forgot your password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

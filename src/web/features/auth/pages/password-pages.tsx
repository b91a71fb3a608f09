import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  type PasswordResetRequestInput,
  passwordMinLength,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '../../../../domain/accounts/sign-in-schema';
import { ApiError, genericErrorMessage } from '../../../api/client';
import { paths } from '../../../paths';
import { successToastMs } from '../../../shell/toasts';
import { focusFirstError, zodValidate } from '../../../ui/zod-form';
import { useRequestPasswordReset, useResetPassword } from '../api/passwords';
import { AuthCard } from '../components/auth-card';

// The server's answer to a stale or unknown reset token (422); a link without a token gets the same text.
const invalidLinkMessage = 'This password reset link is invalid or has expired. Please request a new one.';
const passwordsDoNotMatchMessage = 'Passwords do not match';

const backToSignIn = (
  <Anchor component={Link} to={paths.signIn()} fw={600}>
    Back to sign in
  </Anchor>
);

/** /users/password/new: asks for a reset e-mail. */
export function PasswordRequestPage() {
  const requestReset = useRequestPasswordReset();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestInput>({
    initialValues: { email: '' },
    validate: zodValidate(passwordResetRequestSchema),
  });

  const handleSubmit = async (values: PasswordResetRequestInput) => {
    if (requestReset.isPending) return;
    setFailure(null);
    try {
      const answer = await requestReset.mutateAsync(values);
      setSentMessage(answer.message);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : genericErrorMessage);
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email you sign in with and we'll send you a link to choose a new password."
      footer={backToSignIn}
    >
      {sentMessage ? (
        <Stack gap="md">
          <Alert
            color="green"
            variant="light"
            icon={<IconMailCheck size={18} />}
            title="Check your email"
            role="status"
          >
            {sentMessage}
          </Alert>
          <Text size="sm" c="dimmed">
            Didn't get it? Check your spam folder, or{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setSentMessage(null)}>
              send it again
            </Anchor>
            .
          </Text>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth size="md" loading={requestReset.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

type ResetValues = { password: string; confirmPassword: string };

const resetFormSchema = passwordResetSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: passwordsDoNotMatchMessage,
    // Both fields are always strings here, so the comparison may run while the password is still too short.
    when: () => true,
  });

function InvalidResetLink({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {message}
      </Alert>
      <Button component={Link} to={paths.passwordNew} fullWidth size="md">
        Request a new link
      </Button>
    </Stack>
  );
}

/** /users/password/edit?token=…: chooses a new password with the token from the e-mail. */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const tokenLooksValid = passwordResetSchema.shape.token.safeParse(token).success;
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const [linkFailure, setLinkFailure] = useState<string | null>(tokenLooksValid ? null : invalidLinkMessage);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: zodValidate(resetFormSchema, (values: ResetValues) => ({ ...values, token })),
  });

  const handleSubmit = async ({ password }: ResetValues) => {
    if (resetPassword.isPending) return;
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ token, password });
      notifications.show({
        color: 'green',
        message: 'Your password has been changed. Please sign in.',
        autoClose: successToastMs,
      });
      navigate(paths.signIn(), { replace: true });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 422 || apiError?.fields.token) setLinkFailure(apiError.message);
      else if (apiError?.fields.password) form.setErrors({ password: apiError.fields.password });
      else setFailure(apiError?.message ?? genericErrorMessage);
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick something you don't use on other sites."
      footer={backToSignIn}
    >
      {linkFailure ? (
        <InvalidResetLink message={linkFailure} />
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit, focusFirstError)} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              description={`At least ${passwordMinLength} characters`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoFocus
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth size="md" loading={resetPassword.isPending}>
              Change password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

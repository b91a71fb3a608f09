import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { emailInvalidMessage } from '../../domain/accounts/messages';
import { answerOf, api } from '../api/api';
import { ApiError, genericErrorMessage } from '../api/client';

// Same words as newsletterSuccessMessage in src/domain/accounts/newsletter-schema.ts, which imports zod.
const newsletterSuccessText = "Thanks! You're signed up for our newsletter.";

/** The footer's newsletter sign-up: the answer shows inline, under the field. */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const subscribe = useMutation({
    mutationFn: (address: string) =>
      answerOf(api.POST('/api/v1/newsletter_subscriptions', { body: { email: address } })),
    meta: { handlesErrors: true },
    onSuccess: () => {
      setEmail('');
      setDone(true);
    },
    // 400 and 409 carry a message meant for the person typing; the typed address stays for a fix.
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : genericErrorMessage),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    // The server checks the address (and answers with the message to show); only a blank field is
    // caught here, which keeps the schema library out of the first page's bundle.
    const address = email.trim();
    if (!address) {
      setError(emailInvalidMessage);
      return;
    }
    setError(null);
    subscribe.mutate(address);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter sign-up">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          placeholder="Your work email"
          aria-label="Email address for the newsletter"
          autoComplete="email"
          error={error}
          size="md"
          style={{ flex: 1, minWidth: 0 }}
          styles={{ error: { color: 'var(--mantine-color-red-2)', fontSize: 'var(--mantine-font-size-sm)' } }}
        />
        <Button type="submit" size="md" color="yellow.5" c="dark.9" loading={subscribe.isPending}>
          Sign Up
        </Button>
      </Group>
      {/* The live region exists before the answer so screen readers announce it. */}
      <div role="status">
        {done && (
          <Group gap={6} mt="xs" wrap="nowrap">
            <IconCircleCheck
              size={18}
              color="var(--mantine-color-hedge-2)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="sm" c="white">
              {newsletterSuccessText}
            </Text>
          </Group>
        )}
      </div>
    </form>
  );
}

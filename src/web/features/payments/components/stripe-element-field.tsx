import { Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PaymentType } from '../api/payment-methods-api';
import { loadStripeJs, type StripeClient, type StripeElement } from './stripe-js';

/**
 * Stripe Elements' card field: the card number goes from the browser to Stripe, and only the
 * PaymentMethod id comes back to us.
 */
export function StripeElementField({
  publishableKey,
  paymentType,
  error,
  busy,
  onToken,
  onError,
}: {
  publishableKey: string;
  paymentType: PaymentType;
  error: string | null;
  busy: boolean;
  onToken: (token: string) => void;
  onError: (message: string) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [client, setClient] = useState<{ stripe: StripeClient; card: StripeElement } | null>(null);
  useEffect(() => {
    if (paymentType !== 'credit_card' || !publishableKey) return;
    let card: StripeElement | null = null;
    loadStripeJs()
      .then(() => {
        if (!window.Stripe || !mountRef.current) return;
        const stripe = window.Stripe(publishableKey);
        card = stripe.elements().create('card');
        card.mount(mountRef.current);
        setClient({ stripe, card });
      })
      .catch((failure: Error) => onError(failure.message));
    return () => card?.destroy();
  }, [publishableKey, paymentType, onError]);

  const submit = async () => {
    if (!client) return;
    const result = await client.stripe.createPaymentMethod({ type: 'card', card: client.card });
    if (result.error || !result.paymentMethod) onError(result.error?.message ?? 'Unknown Error');
    else onToken(result.paymentMethod.id);
  };

  if (paymentType !== 'credit_card') {
    return <Text size="sm">Contact support to connect a bank account through Stripe.</Text>;
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div
          ref={mountRef}
          style={{ padding: 10, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Button onClick={submit} loading={busy} disabled={!client}>
          Save card
        </Button>
      </Stack>
    </Paper>
  );
}

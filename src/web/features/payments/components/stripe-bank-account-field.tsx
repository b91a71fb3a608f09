import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { productName } from '../../../../domain/brand';
import { ApiError } from '../../../api/client';
import { useStartBankAccountSetup } from '../api/payment-methods-api';
import { loadStripeJs, type StripeClient, type StripeJsError } from './stripe-js';

export const accountHolderRequiredMessage = "Enter the account holder's name";

/** Part 3 §8: Stripe's validation_error shows on the form; any other failure as a message. */
export type SetupFailure = { type: string | null; message: string };

const failureOf = (error: StripeJsError | Error | ApiError): SetupFailure =>
  error instanceof ApiError
    ? { type: error.code ?? null, message: error.message }
    : error instanceof Error
      ? { type: null, message: error.message }
      : { type: error.type ?? null, message: error.message ?? '' };

type Confirming = { stripe: StripeClient; clientSecret: string; setupIntentId: string };

/**
 * A US bank account through Stripe: the server starts a SetupIntent, Stripe.js's modal links the
 * account (collectBankAccountForSetup), the customer accepts the debit authorization
 * (confirmUsBankAccountSetup), and only the SetupIntent's id comes back to us. Account and routing
 * numbers go from the browser to Stripe and never reach this app.
 */
export function StripeBankAccountField({
  publishableKey,
  error,
  busy,
  onSetupIntent,
  onFailure,
  onClearError,
}: {
  publishableKey: string;
  /** The inline message (a validation_error), from here or from the save. */
  error: string | null;
  busy: boolean;
  onSetupIntent: (setupIntentId: string) => void;
  onFailure: (failure: SetupFailure) => void;
  /** A new attempt starts: an earlier inline message no longer applies. */
  onClearError: () => void;
}) {
  const start = useStartBankAccountSetup();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [working, setWorking] = useState(false);
  const [closedModal, setClosedModal] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const connect = async () => {
    setClosedModal(false);
    if (name.trim().length === 0) {
      onFailure({ type: 'validation_error', message: accountHolderRequiredMessage });
      return;
    }
    onClearError();
    setWorking(true);
    try {
      await loadStripeJs();
      if (!window.Stripe) throw new Error('Stripe could not be loaded');
      const stripe = window.Stripe(publishableKey);
      const setup = await start.mutateAsync();
      const collected = await stripe.collectBankAccountForSetup({
        clientSecret: setup.clientSecret,
        params: {
          payment_method_type: 'us_bank_account',
          payment_method_data: {
            billing_details: { name: name.trim(), ...(email.trim() ? { email: email.trim() } : {}) },
          },
        },
      });
      if (collected.error) onFailure(failureOf(collected.error));
      else if (collected.setupIntent?.status === 'requires_payment_method') setClosedModal(true);
      else if (collected.setupIntent?.status === 'requires_confirmation')
        setConfirming({ stripe, clientSecret: setup.clientSecret, setupIntentId: setup.setupIntentId });
      else onSetupIntent(setup.setupIntentId);
    } catch (failure) {
      onFailure(failureOf(failure as Error));
    } finally {
      setWorking(false);
    }
  };

  const accept = async () => {
    if (!confirming) return;
    onClearError();
    setWorking(true);
    try {
      const confirmed = await confirming.stripe.confirmUsBankAccountSetup(confirming.clientSecret);
      if (confirmed.error) onFailure(failureOf(confirmed.error));
      else {
        setConfirming(null);
        onSetupIntent(confirming.setupIntentId);
      }
    } catch (failure) {
      onFailure(failureOf(failure as Error));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="stripe-bank-account">
      {confirming ? (
        <Stack gap="sm">
          <Text fw={600}>Authorize debits from this bank account</Text>
          <Text size="sm" data-testid="ach-mandate">
            By accepting, you authorize {productName} to debit the bank account you connected for the invoices
            you choose to pay with it, and to credit it to correct an erroneous debit, until you revoke this
            authorization. You can revoke it at any time by deleting the account under Payment Methods or by
            contacting support, with 30 days' notice for debits already scheduled.
          </Text>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group>
            <Button onClick={accept} loading={working || busy}>
              Accept and save bank account
            </Button>
            <Button variant="subtle" onClick={() => setConfirming(null)} disabled={working || busy}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput
            label="Account holder name"
            required
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
          />
          <TextInput
            label="Email for debit notices"
            description="Stripe e-mails the authorization and any micro-deposit instructions here."
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {closedModal && (
            <Text size="sm" c="dimmed" role="status">
              No bank account was connected. Connect one to continue.
            </Text>
          )}
          <Group>
            <Button onClick={connect} loading={working || busy} leftSection={<IconBuildingBank size={16} />}>
              Connect bank account
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

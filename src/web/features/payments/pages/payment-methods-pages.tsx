import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingBank, IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { productName } from '../../../../domain/brand';
import { cardFeeNotice } from '../../../../domain/invoices/invoice-states';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { showError, showSuccess } from '../../../shell/toasts';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import {
  type PaymentMethod,
  type PaymentType,
  useCreatePaymentMethod,
  useDeletePaymentMethod,
  useMakeDefaultPaymentMethod,
  usePaymentMethods,
  useVerifyPaymentMethod,
} from '../api/payment-methods-api';
import { type SetupFailure, StripeBankAccountField } from '../components/stripe-bank-account-field';
import { StripeElementField } from '../components/stripe-element-field';

export const unknownErrorText = 'Unknown Error';

/** /payment_methods: the user's and the organisation's methods, default, verify, delete. */
export function PaymentMethodsPage() {
  useDocumentTitle(`Payment Methods · ${productName}`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // ?new_cc opens the card form straight away (part 3 §2.9).
  useEffect(() => {
    if (params.has('new_cc')) navigate(paths.newCreditCard, { replace: true });
  }, [params, navigate]);
  const methods = usePaymentMethods();
  const data = methods.data;
  return (
    <Stack
      gap="md"
      maw={820}
      mx="auto"
      px={{ base: 'md', sm: 'lg' }}
      py="lg"
      data-testid="payment-methods-page"
    >
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Payment Methods</Title>
        <Group gap="sm">
          <Button component={Link} to={paths.invoices()} variant="subtle">
            Invoices
          </Button>
          <Button component={Link} to={paths.newCreditCard} leftSection={<IconCreditCard size={16} />}>
            Add Credit Card
          </Button>
          <Button
            component={Link}
            to={paths.newBankAccount}
            variant="default"
            leftSection={<IconBuildingBank size={16} />}
          >
            Add Bank Account
          </Button>
        </Group>
      </Group>
      {data?.provider === 'sandbox' && <SandboxNotice />}
      {methods.error ? (
        <LoadErrorAlert
          error={methods.error}
          title="Your payment methods could not be loaded"
          onRetry={() => void methods.refetch()}
        />
      ) : !data ? (
        <Skeleton height={140} />
      ) : (
        <Stack gap="sm">
          {data.tradeCredit && (
            <Card withBorder padding="md" data-testid="trade-credit">
              <Group gap="sm">
                <Badge color="grape" variant="light">
                  Trade Credit
                </Badge>
                <Text size="sm">{data.tradeCredit}: invoices are due 30 days after they are issued.</Text>
              </Group>
            </Card>
          )}
          {data.results.length === 0 && !data.tradeCredit && (
            <Paper withBorder p="xl" ta="center" data-testid="no-payment-methods">
              <Text fw={600}>Add a credit card or bank account or your orders could be delayed.</Text>
            </Paper>
          )}
          {data.results.map((method) => (
            <PaymentMethodCard key={method.id} method={method} />
          ))}
          <Text size="xs" c="dimmed">
            {cardFeeNotice}. Bank account (ACH) payments have no fee.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

function SandboxNotice() {
  return (
    <Alert
      color="yellow"
      icon={<IconFlask size={18} />}
      title="Sandbox payments"
      data-testid="sandbox-notice"
    >
      No money moves: this server has no payment provider keys, so payments go to a sandbox that behaves like
      Stripe's test mode.
    </Alert>
  );
}

function PaymentMethodCard({ method }: { method: PaymentMethod }) {
  const remove = useDeletePaymentMethod();
  const makeDefault = useMakeDefaultPaymentMethod();
  return (
    <Card withBorder padding="md" data-testid="payment-method" data-payment-type={method.paymentType}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light" color={method.paymentType === 'credit_card' ? 'blue' : 'teal'}>
              {method.label}
            </Badge>
            {method.isDefault && <Badge variant="outline">Default</Badge>}
            {method.pendingVerification ? (
              <Badge color="orange" variant="light">
                Pending verification
              </Badge>
            ) : (
              method.approved && (
                <Badge color="green" variant="light">
                  Approved
                </Badge>
              )
            )}
          </Group>
          <Text fw={600}>{method.description}</Text>
          {!method.mine && (
            <Text size="xs" c="dimmed">
              Added by someone in your organization
            </Text>
          )}
        </Stack>
        {method.mine && (
          <Group gap="xs">
            {!method.isDefault && (
              <Button
                variant="default"
                size="xs"
                onClick={() => makeDefault.mutate(method.id)}
                loading={makeDefault.isPending}
              >
                Make default
              </Button>
            )}
            <Button
              color="red"
              variant="subtle"
              size="xs"
              onClick={() =>
                remove.mutate(method.id, { onSuccess: () => showSuccess('Payment method deleted') })
              }
              loading={remove.isPending}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {method.pendingVerification && method.mine && <VerifyForm id={method.id} />}
    </Card>
  );
}

/** The two micro-deposit amounts (cents) that confirm a bank account. */
function VerifyForm({ id }: { id: number }) {
  const verify = useVerifyPaymentMethod();
  const [amounts, setAmounts] = useState<[number | string, number | string]>(['', '']);
  const error =
    verify.error instanceof ApiError ? (verify.error.fields.amounts ?? verify.error.message) : null;
  return (
    <Stack gap="xs" mt="sm" data-testid="verify-form">
      <Text size="sm">We sent two small deposits to this account. Enter them in cents to verify it.</Text>
      <Group align="flex-end" gap="sm">
        {[0, 1].map((index) => (
          <NumberInput
            key={index}
            label={`Deposit ${index + 1} (cents)`}
            min={1}
            max={99}
            w={150}
            value={amounts[index]}
            onChange={(value) =>
              setAmounts((current) => (index === 0 ? [value, current[1]] : [current[0], value]))
            }
          />
        ))}
        <Button
          onClick={() =>
            verify.mutate(
              { id, amounts: [Number(amounts[0]), Number(amounts[1])] },
              { onSuccess: () => showSuccess('Bank account verified') },
            )
          }
          loading={verify.isPending}
        >
          Verify
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const sandboxTokens: Record<PaymentType, { value: string; label: string }[]> = {
  credit_card: [
    { value: 'pm_card_visa', label: 'Visa ending in 4242 (succeeds)' },
    { value: 'pm_card_mastercard', label: 'Mastercard ending in 4444 (succeeds)' },
    { value: 'pm_card_chargeDeclined', label: 'Visa ending in 0002 (declined at payment)' },
  ],
  bank_account: [
    {
      value: 'pm_usBankAccount',
      label: 'STRIPE TEST BANK ending in 6789 (needs micro-deposit verification)',
    },
  ],
};

/**
 * Adding a card or bank account. With Stripe, Stripe Elements collects the details and the server
 * gets a PaymentMethod id only; with the sandbox, a test name. A validation_error is shown on the
 * field; anything else as a toast with its message or 'Unknown Error' (part 3 §8).
 */
function AddPaymentMethodPage({ paymentType }: { paymentType: PaymentType }) {
  const title = paymentType === 'credit_card' ? 'Add Credit Card' : 'Add Bank Account';
  useDocumentTitle(`${title} · ${productName}`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('return_to');
  const methods = usePaymentMethods();
  const create = useCreatePaymentMethod();
  const [token, setToken] = useState<string | null>(sandboxTokens[paymentType][0].value);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const stripe = methods.data?.provider === 'stripe';
  const onStripeError = useCallback((message: string) => setFieldError(message), []);

  // part 3 §8: a validation_error shows on the field; anything else as a message, or 'Unknown Error'.
  const onFailure = useCallback((failure: SetupFailure) => {
    if (failure.type === 'validation_error') setFieldError(failure.message);
    else showError(failure.message || unknownErrorText);
  }, []);

  const record = (body: { token: string } | { setupIntentId: string }) => {
    setFieldError(null);
    create.mutate(
      { paymentType, ...body },
      {
        onSuccess: (method) => {
          showSuccess(
            method.pendingVerification
              ? 'Bank account added: verify its deposits to use it'
              : 'Payment method added',
          );
          navigate(returnTo?.startsWith('/') ? returnTo : paths.paymentMethods);
        },
        onError: (error) =>
          onFailure({
            type: error instanceof ApiError ? (error.code ?? null) : null,
            message: error instanceof ApiError ? (error.fields.token ?? error.message) : error.message,
          }),
      },
    );
  };
  const save = (tokenToSave: string | null) => {
    setFieldError(null);
    if (!tokenToSave) setFieldError('Enter the card or bank account details');
    else record({ token: tokenToSave });
  };

  return (
    <Stack
      gap="md"
      maw={560}
      mx="auto"
      px={{ base: 'md', sm: 'lg' }}
      py="lg"
      data-testid="add-payment-method-page"
    >
      <Anchor component={Link} to={paths.paymentMethods} size="sm">
        ← Payment Methods
      </Anchor>
      <Title order={1}>{title}</Title>
      {methods.isPending ? (
        <Skeleton height={80} />
      ) : stripe && paymentType === 'bank_account' ? (
        <StripeBankAccountField
          publishableKey={methods.data?.publishableKey ?? ''}
          error={fieldError}
          busy={create.isPending}
          onSetupIntent={(setupIntentId) => record({ setupIntentId })}
          onClearError={() => setFieldError(null)}
          onFailure={(failure) => {
            setFieldError(null);
            onFailure(failure);
          }}
        />
      ) : stripe ? (
        <StripeElementField
          publishableKey={methods.data?.publishableKey ?? ''}
          paymentType={paymentType}
          error={fieldError}
          busy={create.isPending}
          onToken={save}
          onError={onStripeError}
        />
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <SandboxNotice />
            <Select
              label={paymentType === 'credit_card' ? 'Sandbox test card' : 'Sandbox test bank account'}
              data={sandboxTokens[paymentType]}
              value={token}
              onChange={setToken}
              error={fieldError}
              allowDeselect={false}
              data-testid="sandbox-token"
            />
            <Group>
              <Button onClick={() => save(token)} loading={create.isPending}>
                {paymentType === 'credit_card' ? 'Save card' : 'Save bank account'}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Text size="xs" c="dimmed">
        {paymentType === 'credit_card'
          ? `${cardFeeNotice}.`
          : 'Bank accounts are verified with two small deposits before payments from them settle.'}
      </Text>
    </Stack>
  );
}

export const AddCreditCardPage = () => <AddPaymentMethodPage paymentType="credit_card" />;
export const AddBankAccountPage = () => <AddPaymentMethodPage paymentType="bank_account" />;

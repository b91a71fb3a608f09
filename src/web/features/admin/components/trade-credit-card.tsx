import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { paymentTermsLabel, tradeCreditTerms } from '../../../../domain/invoices/payment-views';
import { showSuccess } from '../../../shell/toasts';
import type { OrganizationDetail } from '../api/get-organization';
import { useSetTradeCredit } from '../api/set-trade-credit';

/**
 * Beehive's trade credit control (issue 18): Net 30 or due on receipt. Invoices issued from now on use
 * the terms; a grant also sends on the organisation's orders held for payment information.
 */
export function TradeCreditCard({ organization }: { organization: OrganizationDetail }) {
  const save = useSetTradeCredit(organization.id);
  const [days, setDays] = useState(String(organization.paymentTermsDays));
  const changed = Number(days) !== organization.paymentTermsDays;
  const submit = () =>
    save.mutate(Number(days), {
      onSuccess: (answer) =>
        showSuccess(
          answer.releasedOrderIds.length > 0
            ? `${answer.label}: ${answer.releasedOrderIds.length} held order${answer.releasedOrderIds.length === 1 ? '' : 's'} sent to the supplier`
            : `Terms saved: ${answer.label}`,
        ),
    });
  return (
    <Card withBorder padding="lg" data-testid="trade-credit-card">
      <Title order={3} size="h4" mb="xs">
        Trade credit
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Now: <b data-testid="trade-credit-current">{paymentTermsLabel(organization.paymentTermsDays)}</b>.
          New invoices use these terms; orders waiting for payment information go to their suppliers when
          credit is granted.
        </Text>
        <SegmentedControl
          value={days}
          onChange={setDays}
          aria-label="Invoice terms"
          data={tradeCreditTerms.map((terms) => ({
            value: String(terms),
            label: terms > 0 ? `Net ${terms}` : 'Due on receipt',
          }))}
          data-testid="trade-credit-terms"
        />
        <Group>
          <Button
            onClick={submit}
            disabled={!changed}
            loading={save.isPending}
            data-testid="save-trade-credit"
          >
            {Number(days) > 0 ? 'Grant trade credit' : 'Remove trade credit'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

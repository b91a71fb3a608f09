import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { lockbox } from '../../../../domain/invoices/remittance';
import { paths } from '../../../paths';

/** Part 3 §2.7: mailing checks to the lockbox, and what the dashboard lists. */
export function InvoicesSidePanel() {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="aside"
      aria-label="About invoices"
      data-testid="invoices-side-panel"
    >
      <Stack gap="sm">
        <Title order={2} size="h5">
          Paying by check?
        </Title>
        <Text size="sm">
          Make checks payable to {lockbox.name} and mail them to our lockbox. Write the invoice number on the
          memo line.
        </Text>
        <Text size="sm" fw={600} component="address" style={{ fontStyle: 'normal' }}>
          {lockbox.name}
          {lockbox.lines.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </Text>
        <Title order={2} size="h5" mt="xs">
          What is listed here
        </Title>
        <Text size="sm">
          Only invoices for fulfilled orders are listed. Credit memos, deposit invoices and late fees are not
          shown here.
        </Text>
        <Anchor component={Link} to={paths.faqs} size="sm">
          Payment FAQs
        </Anchor>
      </Stack>
    </Paper>
  );
}

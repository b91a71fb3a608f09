import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { type OrderDetail, type OrderDocumentType, orderDocumentTypes } from '../api/order-api';

/** Each document's name, on its button and on the download page. */
export const documentLabels: Record<OrderDocumentType, string> = {
  purchase_order: 'Purchase order (PDF)',
  bill_of_lading: 'Bill of lading (PDF)',
};

/** The current version's purchase order and bill of lading. */
export function OrderDocumentsCard({ order }: { order: OrderDetail }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Documents
      </Title>
      <Stack gap="xs">
        {orderDocumentTypes.map((type) => (
          <Button
            key={type}
            component={Link}
            to={paths.orderDocument(order.id, type)}
            variant="default"
            leftSection={<IconFileText size={16} />}
            justify="flex-start"
          >
            {documentLabels[type]}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}

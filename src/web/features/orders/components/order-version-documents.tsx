import { Anchor, Group, type GroupProps } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import type { OrderDocumentType } from '../api/order-api';

const versionDocumentPath = (orderId: number, type: OrderDocumentType, version: number) =>
  `${paths.orderDocument(orderId, type)}&version=${version}`;

/** One version's purchase order and bill of lading, as links (the order page's and the staff page's versions). */
export function OrderVersionDocuments({
  orderId,
  version,
  ...groupProps
}: { orderId: number; version: number } & Pick<GroupProps, 'gap' | 'wrap'>) {
  return (
    <Group {...groupProps}>
      <Anchor
        component={Link}
        to={versionDocumentPath(orderId, 'purchase_order', version)}
        size="sm"
        data-testid="order-version-po"
      >
        Purchase order
      </Anchor>
      <Anchor component={Link} to={versionDocumentPath(orderId, 'bill_of_lading', version)} size="sm">
        Bill of lading
      </Anchor>
    </Group>
  );
}

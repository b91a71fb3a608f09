import { Anchor, Card, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { DateTime } from '../../../ui/date-time';
import { DetailList } from '../../../ui/detail-list';
import type { AdminOrderDetail } from '../api/staff-orders';
import { formatCalendarDay } from './order-dates';
import { moneyOrDash } from './staff-order-labels';

/** Who buys from whom, when, how it is fulfilled, and the total, with a link to the buyer's user page. */
export function StaffOrderDetails({ order: o }: { order: AdminOrderDetail }) {
  return (
    <Card withBorder padding="lg" h="100%">
      <Title order={3} size="h4" mb="md">
        Details
      </Title>
      <DetailList
        items={[
          {
            label: 'Buyer',
            value: (
              <>
                <Anchor component={Link} to={paths.adminUser(o.buyer.id)} inherit>
                  {o.buyer.fullName}
                </Anchor>{' '}
                ({o.buyer.organizationName}) ·{' '}
                <Anchor href={`mailto:${o.buyer.email}`} inherit>
                  {o.buyer.email}
                </Anchor>
              </>
            ),
          },
          { label: 'Supplier', value: `${o.supplier.organizationName} · ${o.supplier.branchName}` },
          { label: 'Submitted', value: <DateTime value={o.submittedAt} /> },
          { label: 'Fulfilment', value: o.pickup ? 'Pickup' : 'Delivery' },
          { label: 'Requested on', value: o.requestedOn ? formatCalendarDay(o.requestedOn) : '—' },
          { label: 'Job', value: [o.jobNumber, o.jobPhase].filter(Boolean).join(' · ') || '—' },
          { label: 'Version', value: String(o.version) },
          { label: 'Total', value: moneyOrDash(o.total) },
        ]}
      />
    </Card>
  );
}

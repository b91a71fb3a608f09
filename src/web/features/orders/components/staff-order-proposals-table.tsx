import { Badge, Group, Table, Text } from '@mantine/core';
import { DateTime } from '../../../ui/date-time';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { AdminOrderDetail } from '../api/staff-orders';
import { EmptyTableRow } from './empty-table-row';
import { isItemProposal, proposalBodyOf } from './proposal-kinds';

/** Every proposal on the order, staff-only comments marked. */
export function StaffOrderProposalsTable({ order }: { order: AdminOrderDetail }) {
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table ref={phoneCards} className="phone-cards" striped data-testid="order-proposals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Changes</Table.Th>
            <Table.Th>Comment</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.proposals.map((proposal) => {
            const comment = proposalBodyOf(proposal).comment;
            const internal = comment?.startsWith('[internal]') ?? false;
            return (
              <Table.Tr key={proposal.id}>
                <Table.Td>
                  <DateTime value={proposal.createdAt} />
                </Table.Td>
                <Table.Td>{proposal.proposedBySide}</Table.Td>
                <Table.Td>{proposal.bailiwick === 'order_item' ? 'Item' : 'Fulfilment date'}</Table.Td>
                <Table.Td>{isItemProposal(proposal) ? proposal.proposal.changes.join(', ') : '—'}</Table.Td>
                <Table.Td>
                  {comment ? (
                    <Group gap={6} wrap="nowrap">
                      {internal && (
                        <Badge size="xs" color="gray" tt="none">
                          Staff only
                        </Badge>
                      )}
                      <Text size="sm">{comment}</Text>
                    </Group>
                  ) : (
                    '—'
                  )}
                  {proposal.decisionComment && (
                    <Text size="xs" c="dimmed">
                      Decision: {proposal.decisionComment}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{proposal.state}</Table.Td>
              </Table.Tr>
            );
          })}
          {order.proposals.length === 0 && <EmptyTableRow span={6} text="No proposals." />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

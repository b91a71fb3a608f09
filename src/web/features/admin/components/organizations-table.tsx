import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { productName } from '../../../../domain/brand';
import { paths } from '../../../paths';
import { usePhoneCards } from '../../../ui/phone-cards';
import type { OrganizationListItem } from '../api/get-organizations';
import { YesNo } from './users-table';

/** Organisations in a table; a row opens the organisation's Beehive page. */
export function OrganizationsTable({ organizations }: { organizations: OrganizationListItem[] }) {
  const navigate = useNavigate();
  const phoneCards = usePhoneCards();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        ref={phoneCards}
        className="phone-cards"
        striped
        highlightOnHover
        verticalSpacing="xs"
        data-testid="organizations-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="center">Buyer</Table.Th>
            <Table.Th ta="right">Branches</Table.Th>
            <Table.Th ta="right">Users</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organizations.map((organization) => (
            <Table.Tr
              key={organization.id}
              data-testid="organization-row"
              style={{ cursor: 'pointer' }}
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) return;
                navigate(paths.adminOrganization(organization.id));
              }}
            >
              <Table.Td>
                <Anchor component={Link} to={paths.adminOrganization(organization.id)} fw={600} size="sm">
                  {organization.name}
                </Anchor>
                {organization.email && (
                  <Text size="xs" c="dimmed">
                    {organization.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{organization.companyType ?? '—'}</Text>
                  {organization.branchCount > 0 && (
                    <Badge size="sm" variant="light" color="teal" tt="none">
                      Supplier
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="center">
                <YesNo value={organization.isBuyer} label={`Buys on ${productName}`} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{organization.branchCount}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{organization.userCount}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

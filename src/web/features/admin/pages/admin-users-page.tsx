import { Group, Loader, Select } from '@mantine/core';
import { useCallback } from 'react';
import { type AccessStatus, accessStatuses, accessStatusLabels } from '../../../../domain/access';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { EmptyList, pastTheEnd } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { SearchInput } from '../../../ui/search-input';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { useUsers } from '../api/get-users';
import { UsersTable } from '../components/users-table';

const perPage = 25;
const statusOptions = accessStatuses.map((status) => ({ value: status, label: accessStatusLabels[status] }));
const isAccessStatus = (value: string | null): value is AccessStatus =>
  accessStatuses.includes(value as AccessStatus);

/** Beehive's front page: every user, searchable and filterable by access status. */
export function AdminUsersPage() {
  const { params, page, query, update } = useListSearchParams();
  const rawStatus = params.get('status');
  const status = isAccessStatus(rawStatus) ? rawStatus : null;
  const users = useUsers({ query, status, page, perPage });
  const onSearch = useCallback(
    (value: string) => update({ query: value.trim() }, { replace: true }),
    [update],
  );
  const filtered = Boolean(query || status);

  return (
    <AdminFrame title="Users">
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <SearchInput
          label="Search users"
          placeholder="Name, email or organization"
          value={query}
          onSearch={onSearch}
          style={{ flex: '1 1 260px' }}
          maw={420}
          data-testid="user-search"
        />
        <Select
          label="Status"
          placeholder="All statuses"
          data={statusOptions}
          value={status}
          onChange={(value) => update({ status: value })}
          clearable
          allowDeselect
          style={{ flex: '0 1 260px' }}
          data-testid="status-filter"
        />
        {users.isFetching && !users.isPending && <Loader size="sm" mb={8} aria-label="Updating" />}
      </Group>

      {users.isPending ? (
        <PageLoader />
      ) : users.isError ? (
        <LoadErrorAlert title="Could not load users" error={users.error} onRetry={() => users.refetch()} />
      ) : users.data.results.length === 0 ? (
        <EmptyList
          testId="users-empty"
          {...(page > 1 && users.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : filtered
              ? {
                  message: 'No users match these filters.',
                  action: { label: 'Clear filters', onClick: () => update({ query: null, status: null }) },
                }
              : { message: 'There are no users yet.' })}
        />
      ) : (
        <UsersTable users={users.data.results} />
      )}

      {users.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={users.data.totalCount}
          totalPages={users.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}

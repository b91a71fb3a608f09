import { Group, Loader } from '@mantine/core';
import { useCallback } from 'react';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { EmptyList, pastTheEnd } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { SearchInput } from '../../../ui/search-input';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationsTable } from '../components/organizations-table';

const perPage = 25;

/** Every organisation (buyers and suppliers), searchable by name. */
export function AdminOrganizationsPage() {
  const { page, query, update } = useListSearchParams();
  const organizations = useOrganizations({ query, page, perPage });
  const onSearch = useCallback(
    (value: string) => update({ query: value.trim() }, { replace: true }),
    [update],
  );

  return (
    <AdminFrame title="Organizations">
      <Group align="flex-end" gap="sm" mb="md">
        <SearchInput
          label="Search organizations"
          placeholder="Name"
          value={query}
          onSearch={onSearch}
          style={{ flex: '1 1 260px' }}
          maw={420}
          data-testid="organization-search"
        />
        {organizations.isFetching && !organizations.isPending && (
          <Loader size="sm" mb={8} aria-label="Updating" />
        )}
      </Group>

      {organizations.isPending ? (
        <PageLoader />
      ) : organizations.isError ? (
        <LoadErrorAlert
          title="Could not load organizations"
          error={organizations.error}
          onRetry={() => organizations.refetch()}
        />
      ) : organizations.data.results.length === 0 ? (
        <EmptyList
          testId="organizations-empty"
          {...(page > 1 && organizations.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : query
              ? {
                  message: 'No organizations match this search.',
                  action: { label: 'Clear search', onClick: () => update({ query: null }) },
                }
              : { message: 'There are no organizations yet.' })}
        />
      ) : (
        <OrganizationsTable organizations={organizations.data.results} />
      )}

      {organizations.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={organizations.data.totalCount}
          totalPages={organizations.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}

import { Group, Loader, Text } from '@mantine/core';
import { AdminFrame } from '../../../shell/admin-frame';
import { PageLoader } from '../../../shell/route-guards';
import { EmptyList, pastTheEnd } from '../../../ui/empty-list';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PaginationBar } from '../../../ui/pagination-bar';
import { useListSearchParams } from '../../../ui/use-list-search-params';
import { useOutbox } from '../api/get-outbox';
import { OutboxTable } from '../components/outbox-table';

const perPage = 25;

/** Every e-mail the product sent, newest first; without SMTP this is the only mailbox. */
export function AdminOutboxPage() {
  const { page, update } = useListSearchParams();
  const outbox = useOutbox({ page, perPage });
  return (
    <AdminFrame title="Outbox">
      <Group justify="space-between" mb="md" gap="sm">
        <Text size="sm" c="dimmed">
          Every email and text message the marketplace sends, newest first (texts through the sandbox provider
          stay here). Open a row to read the message.
        </Text>
        {outbox.isFetching && !outbox.isPending && <Loader size="sm" aria-label="Updating" />}
      </Group>
      {outbox.isPending ? (
        <PageLoader />
      ) : outbox.isError ? (
        <LoadErrorAlert
          title="Could not load the outbox"
          error={outbox.error}
          onRetry={() => outbox.refetch()}
        />
      ) : outbox.data.results.length === 0 ? (
        <EmptyList
          testId="outbox-empty"
          {...(page > 1 && outbox.data.totalCount > 0
            ? pastTheEnd(page, () => update({ page: 1 }))
            : { message: 'No emails have been sent yet.' })}
        />
      ) : (
        <OutboxTable emails={outbox.data.results} />
      )}
      {outbox.data && (
        <PaginationBar
          page={page}
          perPage={perPage}
          totalCount={outbox.data.totalCount}
          totalPages={outbox.data.totalPages}
          onPageChange={(next) => update({ page: next })}
        />
      )}
    </AdminFrame>
  );
}

import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../api/client';
import { paths } from '../../../paths';
import { showError, showSuccess } from '../../../shell/toasts';
import type { AvailabilityListing, ExtraColumn } from '../../../ui/availability-table';

/** 'Request Photos' on a branch's listing (PHOTO_REQUEST): notes, then the Photo Request thread opens. */
function RequestPhotosButton({ listing }: { listing: AvailabilityListing }) {
  const [opened, setOpened] = useState(false);
  const [notes, setNotes] = useState('');
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();
  const send = async () => {
    setSending(true);
    try {
      const request = await apiRequest<{ threadId: number }>('/api/v1/photo_requests', {
        method: 'POST',
        body: {
          branchId: listing.branchId,
          productVariantId: listing.productVariantId,
          notes: notes.trim() || undefined,
        },
      });
      showSuccess('Photo request sent');
      setOpened(false);
      navigate(paths.messageThread(request.threadId));
    } catch (error) {
      showError(error instanceof Error ? error.message : undefined);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconCamera size={14} />}
        onClick={() => setOpened(true)}
        data-testid="request-photos"
      >
        Request Photos
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Request photos">
        <Stack gap="sm">
          <Text size="sm">
            {listing.product.primaryName} {listing.size}
            {listing.characteristics.length ? ` ${listing.characteristics.join(', ')}` : ' (Above Ground)'} at{' '}
            {listing.branch.name}
          </Text>
          <Textarea
            label="Notes"
            placeholder="What should the photos show? (e.g. full crown, root ball, a tape measure for height)"
            autosize
            minRows={3}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
          />
          <Button onClick={send} loading={sending}>
            Send Request
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

export const requestPhotosColumn: ExtraColumn = {
  key: 'photos',
  header: 'Photos',
  cell: (listing) => <RequestPhotosButton listing={listing} />,
};

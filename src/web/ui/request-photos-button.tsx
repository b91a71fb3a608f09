import { ActionIcon, Button, Modal, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../api/client';
import { paths } from '../paths';
import { showError, showSuccess } from '../shell/toasts';

/** What photos are asked of: a branch's listing of one size, and how to name it in the form. */
export type PhotoRequestItem = {
  branchId: number;
  productVariantId: number;
  /** 'Acer rubrum #15 B&B' as the form shows it. */
  itemLabel: string;
  branchName: string;
};

/**
 * 'Request Photos' of a branch's listing (PHOTO_REQUEST; issue 16): notes, then the Photo Request
 * thread opens. The product page's branch table, cart lines and hubsheet lines use this one form.
 */
export function RequestPhotosButton({
  item,
  compact = false,
}: {
  item: PhotoRequestItem;
  compact?: boolean;
}) {
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
          branchId: item.branchId,
          productVariantId: item.productVariantId,
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
      {compact ? (
        <Tooltip label="Request Photos">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Request Photos"
            onClick={() => setOpened(true)}
            data-testid="request-photos"
          >
            <IconCamera size={16} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconCamera size={14} />}
          onClick={() => setOpened(true)}
          data-testid="request-photos"
        >
          Request Photos
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Request photos">
        <Stack gap="sm">
          <Text size="sm">
            {item.itemLabel} at {item.branchName}
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

/** The item as the form names it: names, size and characteristics ('(Above Ground)' when it has none). */
export function photoItemLabel(name: string, size: string | null, characteristics: readonly string[]) {
  return `${name} ${size ?? ''}${characteristics.length ? ` ${characteristics.join(', ')}` : ' (Above Ground)'}`;
}

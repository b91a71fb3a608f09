import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { downloadFile } from '../../../api/client';
import type { QueryValue } from '../../../api/query-string';
import { showError } from '../../../shell/toasts';
import { addCartNote, deleteCartNote, useCart, useInvalidateCarts } from '../api/carts-api';
import { formatDate, messageOf } from './cart-shared';

const draftKey = (cartId: number) => `hedgerow.cartNoteDraft.${cartId}`;

function readDraft(cartId: number) {
  try {
    return localStorage.getItem(draftKey(cartId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(cartId: number, body: string) {
  try {
    if (body) localStorage.setItem(draftKey(cartId), body);
    else localStorage.removeItem(draftKey(cartId));
  } catch {
    // storage full or blocked: the draft just is not kept
  }
}

export const quoteDownloads: {
  label: string;
  path: 'quote.pdf' | 'quote.csv';
  query: Record<string, QueryValue>;
}[] = [
  { label: 'PDF', path: 'quote.pdf', query: {} },
  { label: 'PDF without supplier', path: 'quote.pdf', query: { show_supplier: false } },
  { label: 'Buyer CSV', path: 'quote.csv', query: { format: 'BUYER_CSV' } },
  { label: 'Quote CSV', path: 'quote.csv', query: { format: 'QUOTE_CSV' } },
  { label: 'Full CSV', path: 'quote.csv', query: { format: 'FULL_CSV' } },
];

function NotePanel({ cartId, onDone }: { cartId: number; onDone: () => void }) {
  const invalidate = useInvalidateCarts();
  const [body, setBody] = useState(() => readDraft(cartId));
  const [debounced] = useDebouncedValue(body, 500);
  const [saving, setSaving] = useState(false);
  useEffect(() => writeDraft(cartId, debounced), [cartId, debounced]);

  const save = async () => {
    if (saving || !body.trim()) return;
    setSaving(true);
    try {
      await addCartNote(cartId, body.trim());
      writeDraft(cartId, '');
      setBody('');
      invalidate();
      onDone();
    } catch (error) {
      showError(`Oops, that didn't quite work. ${messageOf(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="sm" data-testid="cart-note-panel">
      <Textarea
        label="Note"
        description="Shown on the quote"
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving} disabled={saving || !body.trim()}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}

/** Notes printed on the quote, and the quote as PDF or CSV. */
export function DownloadQuoteDialog({
  cartId,
  opened,
  onClose,
}: {
  cartId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const cart = useCart(cartId);
  const invalidate = useInvalidateCarts();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const removeNote = async (id: number) => {
    setDeleting(id);
    try {
      await deleteCartNote(id);
      invalidate();
    } catch (error) {
      showError(messageOf(error));
    } finally {
      setDeleting(null);
    }
  };

  const download = async (entry: (typeof quoteDownloads)[number]) => {
    setDownloading(entry.label);
    try {
      await downloadFile(`/api/v1/carts/${cartId}/${entry.path}`, entry.query);
    } catch (error) {
      showError(messageOf(error));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Download Quote" size="lg">
      <Stack gap="md" data-testid="download-quote-dialog">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>Notes</Text>
            <Button size="compact-sm" variant="light" onClick={() => setAdding((value) => !value)}>
              Add Note
            </Button>
          </Group>
          {adding && <NotePanel cartId={cartId} onDone={() => setAdding(false)} />}
          {cart.isPending ? (
            <Loader size="sm" />
          ) : cart.isError ? (
            <Alert color="red" variant="light">
              {messageOf(cart.error)}
            </Alert>
          ) : cart.data.notes.length === 0 ? (
            <Text size="sm" c="dimmed">
              No notes yet. Notes appear on the quote.
            </Text>
          ) : (
            cart.data.notes.map((note) => (
              <Paper key={note.id} withBorder p="xs" data-testid="cart-note">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {note.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {note.authorName ?? 'Unknown'} · {formatDate(note.createdAt)}
                    </Text>
                  </div>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label="Delete note"
                    loading={deleting === note.id}
                    onClick={() => removeNote(note.id)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))
          )}
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>Download</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {quoteDownloads.map((entry) => (
              <Button
                key={entry.label}
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={downloading === entry.label}
                onClick={() => download(entry)}
              >
                {entry.label}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Modal>
  );
}

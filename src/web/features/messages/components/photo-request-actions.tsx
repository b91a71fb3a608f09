import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Image,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { photoRequestTexts } from '../../../../domain/catalog/photo-requests';
import { acceptedPhotoExtensions } from '../../../../domain/catalog/product-photos';
import { ApiError, apiFetch, apiRequest } from '../../../api/client';
import { paths } from '../../../paths';
import { showError, showSuccess } from '../../../shell/toasts';
import { type FeedMessage, messageKeys } from '../api/messages-api';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : undefined);
/** How often the form asks whether its reply has arrived (the spec leaves the interval open). */
const pollMs = 1500;

/** A photo of a reply, fetched with the token (private photos are for the request's parties only). */
function ReplyPhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void apiFetch(new Request(new URL(`${url}?size=small`, window.location.origin)))
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return (
    <Paper withBorder radius="sm" w={140} h={140} style={{ overflow: 'hidden' }} data-testid="reply-photo">
      {src ? (
        <Image src={src} alt={alt} w={140} h={140} fit="cover" />
      ) : (
        <Group justify="center" h="100%">
          <IconPhoto size={28} color="var(--mantine-color-gray-5)" />
        </Group>
      )}
    </Paper>
  );
}

export function ReplyPhotos({ message }: { message: FeedMessage }) {
  if (message.photoRequestImages.length === 0) return null;
  return (
    <Group gap="xs" data-testid="reply-photos">
      {message.photoRequestImages.map((photo) => (
        <ReplyPhoto key={photo.id} url={photo.fileUrl} alt={`Photo taken ${photo.pictureTakenOn}`} />
      ))}
    </Group>
  );
}

/** 'Add Photos': photos, Date Taken, Public and a message; after sending, it polls until the reply shows. */
function AddPhotosForm({ requestId, onDone }: { requestId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [taken, setTaken] = useState('');
  const [isPublic, setPublic] = useState<string>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const poll = async () => {
    for (;;) {
      try {
        const request = await apiRequest<{ respondedAt: string | null }>(
          `/api/v1/photo_requests/${requestId}`,
        );
        if (request.respondedAt) return;
      } catch (error) {
        // 'Not Found' means the reply is not there yet; anything else is shown and the page reloads.
        if (!(error instanceof ApiError && error.status === 404)) {
          showError(messageOf(error));
          window.location.reload();
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    for (const file of files) form.append('photos[]', file, file.name);
    form.append('pictureTakenOn', taken);
    if (isPublic) form.append('public', isPublic);
    if (message.trim()) form.append('message', message.trim());
    setSending(true);
    try {
      await apiRequest(`/api/v1/photo_requests/${requestId}/replies`, { method: 'POST', body: form });
      await poll();
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
      showSuccess('Photos Sent');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else showError(messageOf(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" mt="xs">
      <form onSubmit={submit} noValidate data-testid="add-photos-form">
        <Stack gap="sm">
          <FileInput
            label="Photos"
            multiple
            accept={acceptedPhotoExtensions.join(',')}
            value={files}
            onChange={setFiles}
            error={errors.photos}
            clearable
            data-testid="add-photos-files"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Date Taken"
              placeholder="MM/DD/YYYY"
              value={taken}
              onChange={(e) => setTaken(e.currentTarget.value)}
              error={errors.pictureTakenOn}
              data-testid="add-photos-date"
            />
            <Radio.Group label="Public" value={isPublic} onChange={setPublic} error={errors.public}>
              <Group mt={6}>
                <Radio value="true" label="Yes, show on the product page" />
                <Radio value="false" label="No" />
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <Textarea
            label="Message (optional)"
            autosize
            minRows={2}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={errors.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Send Photos
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

type CartSummary = { id: number; name: string } | null;

/** The cart adder on a photo reply (the organisation that asked): quantity, then 'Added to Cart'. */
function PhotoCartAdder({ message }: { message: FeedMessage }) {
  const payload = message.event?.eventPayload ?? {};
  const item = payload.item as
    | { productVariantId: number; primaryName: string; size: string | null }
    | undefined;
  const branchId = typeof payload.branchId === 'number' ? payload.branchId : null;
  const [quantity, setQuantity] = useState<number | string>(1);
  const [state, setState] = useState<'idle' | 'sending' | 'added' | 'no-cart'>('idle');
  const queryClient = useQueryClient();
  if (!item || branchId === null) return null;
  const add = async () => {
    setState('sending');
    try {
      const current = await apiRequest<{ cart: CartSummary }>('/api/v1/carts/current');
      if (!current.cart) {
        setState('no-cart');
        return;
      }
      await apiRequest('/api/v1/cart_items', {
        method: 'POST',
        body: {
          cartId: current.cart.id,
          branchId,
          productVariantId: item.productVariantId,
          quantity: Number(quantity) || 1,
          metricsSource: photoRequestTexts.metricsSource,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['carts'] });
      setState('added');
    } catch (error) {
      showError(messageOf(error));
      setState('idle');
    }
  };
  if (state === 'no-cart')
    return (
      <Alert color="yellow" variant="light" data-testid="photo-cart-no-cart">
        <Anchor component={Link} to={paths.newCart}>
          {photoRequestTexts.noActiveCart}
        </Anchor>
      </Alert>
    );
  return (
    <Group gap="xs" align="flex-end" data-testid="photo-cart-adder">
      <NumberInput
        label="Quantity"
        min={1}
        allowDecimal={false}
        w={110}
        size="xs"
        value={quantity}
        onChange={setQuantity}
        disabled={state === 'added'}
      />
      <Button size="xs" onClick={add} loading={state === 'sending'} disabled={state === 'added'}>
        {state === 'added' ? photoRequestTexts.addedToCart : 'Add to Cart'}
      </Button>
      {state === 'added' && (
        <Text size="xs" c="dimmed">
          {item.primaryName} {item.size ?? ''}
        </Text>
      )}
    </Group>
  );
}

/** The photo actions of a message: 'Add Photos' (opens the form), 'Undo' (asks first), the cart adder. */
export function PhotoRequestAction({
  message,
  action,
}: {
  message: FeedMessage;
  action: FeedMessage['actions'][number];
}) {
  const [formOpen, setFormOpen] = useState(false);
  const queryClient = useQueryClient();
  const requestId = action.resourceId;
  if (requestId === undefined) return null;
  if (action.target === 'add_to_cart') return <PhotoCartAdder message={message} />;
  if (action.target === 'photo_undo')
    return (
      <Button
        size="xs"
        variant="default"
        data-testid="feed-action"
        onClick={() =>
          modals.openConfirmModal({
            title: 'Undo these photos?',
            children: (
              <Text size="sm">The reply and its photos are removed and the request is open again.</Text>
            ),
            labels: { confirm: 'Undo', cancel: 'Keep' },
            confirmProps: { color: 'red' },
            onConfirm: async () => {
              try {
                await apiRequest(`/api/v1/photo_requests/${requestId}/replies`, { method: 'DELETE' });
                await queryClient.invalidateQueries({ queryKey: messageKeys.all });
              } catch (error) {
                showError(messageOf(error));
              }
            },
          })
        }
      >
        Undo
      </Button>
    );
  return (
    <Stack gap={0} w="100%">
      {!formOpen && (
        <Group>
          <Button size="xs" onClick={() => setFormOpen(true)} data-testid="feed-action">
            {action.label}
          </Button>
        </Group>
      )}
      {formOpen && <AddPhotosForm requestId={requestId} onDone={() => setFormOpen(false)} />}
    </Stack>
  );
}

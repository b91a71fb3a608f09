import { ActionIcon, Anchor, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { photoDownloadName } from '../../../../domain/catalog/product-photos';
import { paths } from '../../../paths';
import type { ProductImage } from '../api/get-product';

const dateOf = (image: ProductImage) => image.pictureTakenOn ?? image.updatedAt ?? null;

const extensionOf = (url: string) => url.match(/\.(gif|png|jpe?g)(?:$|\?)/i)?.[1]?.toLowerCase() ?? 'jpg';

/** A photo served here downloads under its product's name; another image as it is. */
const downloadUrlOf = (image: ProductImage) =>
  image.id !== undefined ? `${image.image.url}?download=1` : image.image.url;

/** The large image with arrows that wrap around and a caption naming who took it and when. */
export function ImageLightbox({
  images,
  index,
  productName,
  onIndexChange,
  onClose,
  productPath,
  onRemove,
}: {
  images: ProductImage[];
  index: number | null;
  productName: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The product's page, for 'View Product' (left out on that page itself). */
  productPath?: string;
  /** Removes a photo the caller may remove (`canRemove`). */
  onRemove?: (image: ProductImage) => void;
}) {
  const current = index === null ? null : images[index];
  const many = images.length > 1;
  const step = (delta: number) =>
    index !== null && onIndexChange((index + delta + images.length) % images.length);
  const taken = current ? dateOf(current) : null;
  useWindowEvent('keydown', (event) => {
    if (index === null || !many) return;
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  });
  return (
    <Modal
      opened={current !== null && current !== undefined}
      onClose={onClose}
      size="xl"
      centered
      title={productName}
      data-testid="image-lightbox"
      overlayProps={{ backgroundOpacity: 0.7, blur: 2 }}
    >
      {current && (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="center">
            {many && (
              <ActionIcon variant="default" size="lg" aria-label="Previous image" onClick={() => step(-1)}>
                <IconChevronLeft size={20} />
              </ActionIcon>
            )}
            <Image
              src={current.image.url}
              alt={productName}
              fit="contain"
              mah="70vh"
              style={{ flex: 1, minWidth: 0 }}
              radius="sm"
            />
            {many && (
              <ActionIcon variant="default" size="lg" aria-label="Next image" onClick={() => step(1)}>
                <IconChevronRight size={20} />
              </ActionIcon>
            )}
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {[
                current.branchName ?? current.supplierName,
                taken
                  ? `Taken ${new Date(taken).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}`
                  : null,
              ]
                .filter(Boolean)
                .join(' · ') || productName}
              {current.branchSlug && (
                <>
                  {' · '}
                  <Anchor component={Link} to={paths.supplier(current.branchSlug)} size="sm">
                    View supplier
                  </Anchor>
                </>
              )}
            </Text>
            {many && (
              <Text size="sm" c="dimmed">
                {(index ?? 0) + 1} of {images.length}
              </Text>
            )}
          </Group>
          <Group gap="sm" data-testid="lightbox-actions">
            {productPath && (
              <Button component={Link} to={productPath} variant="default" size="xs" onClick={onClose}>
                View Product
              </Button>
            )}
            <Button
              component="a"
              href={downloadUrlOf(current)}
              download={photoDownloadName(productName, extensionOf(current.image.url))}
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
            >
              Download
            </Button>
            {onRemove && current.canRemove && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => onRemove(current)}
              >
                Remove photo
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

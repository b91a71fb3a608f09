import { ActionIcon, Anchor, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import type { ProductImage } from '../api/get-product';

const dateOf = (image: ProductImage) => image.pictureTakenOn ?? image.updatedAt ?? null;

/** The large image with arrows that wrap around and a caption naming who took it and when. */
export function ImageLightbox({
  images,
  index,
  productName,
  onIndexChange,
  onClose,
}: {
  images: ProductImage[];
  index: number | null;
  productName: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
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
        </Stack>
      )}
    </Modal>
  );
}

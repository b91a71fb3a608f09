import { Box, Center, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { useState } from 'react';
import type { ProductImage } from '../api/get-product';
import { ImageLightbox } from './image-lightbox';

/** The product's photos (the first large, the rest as thumbnails), or a placeholder when there are none. */
export function ProductImages({
  images,
  productName,
  onRemove,
}: {
  images: ProductImage[];
  productName: string;
  /** Removes a photo; resolves true once it is gone (the lightbox then closes), false when it stays. */
  onRemove?: (image: ProductImage) => Promise<boolean>;
}) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) {
    return (
      <Center
        h={{ base: 180, sm: 280 }}
        bg="hedge.0"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px dashed var(--mantine-color-hedge-2)',
        }}
        data-testid="image-placeholder"
      >
        <Stack align="center" gap={6}>
          <IconPlant2 size={56} stroke={1.3} color="var(--mantine-color-hedge-6)" />
          <Text size="sm" c="dimmed">
            No photo yet
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack gap="xs">
      <UnstyledButton onClick={() => setOpen(0)} aria-label={`Enlarge the photo of ${productName}`}>
        <Image
          src={images[0].image.small?.url ?? images[0].image.url}
          alt={productName}
          h={280}
          fit="cover"
          radius="md"
        />
      </UnstyledButton>
      {images.length > 1 && (
        <Group gap="xs">
          {images.slice(1, 6).map((image, offset) => (
            <UnstyledButton
              key={image.image.url}
              onClick={() => setOpen(offset + 1)}
              aria-label={`Photo ${offset + 2} of ${images.length}`}
            >
              <Box w={64} h={64}>
                <Image
                  src={image.image.mini?.url ?? image.image.url}
                  alt=""
                  w={64}
                  h={64}
                  fit="cover"
                  radius="sm"
                />
              </Box>
            </UnstyledButton>
          ))}
        </Group>
      )}
      <ImageLightbox
        images={images}
        index={open}
        productName={productName}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        onRemove={
          onRemove &&
          ((image) => {
            void onRemove(image).then((removed) => removed && setOpen(null));
          })
        }
      />
    </Stack>
  );
}

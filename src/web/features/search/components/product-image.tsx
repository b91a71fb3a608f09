import { Box, Image } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { sizedImageUrl } from '../../../../domain/catalog/product-photos';

/** A product's photo, or a soft green box with a leaf while it has none. */
export function ProductImage({
  url,
  alt,
  height,
  width,
}: {
  url: string | null;
  alt: string;
  height: number;
  width?: number;
}) {
  if (url) {
    // A tile shows the small variant, a thumbnail the mini one; the box has its size before the file
    // arrives (no layout shift).
    const src = sizedImageUrl(url, height > 80 ? 'small' : 'mini');
    return <Image src={src} alt={alt} h={height} w={width} fit="cover" radius="sm" loading="lazy" />;
  }
  return (
    <Box
      h={height}
      w={width}
      bg="hedge.0"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
      aria-hidden
    >
      <IconLeaf
        size={Math.min(56, Math.round(height / 2.5))}
        stroke={1.3}
        color="var(--mantine-color-hedge-4)"
      />
    </Box>
  );
}

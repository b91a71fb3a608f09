import { Box, Image } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';

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
  if (url) return <Image src={url} alt={alt} h={height} w={width} fit="cover" radius="sm" loading="lazy" />;
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

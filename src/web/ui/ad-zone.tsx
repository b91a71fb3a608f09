import { Anchor, Box, Image, Skeleton } from '@mantine/core';
import { Link } from 'react-router';
import { adZoneSize } from '../../domain/marketing/ad-zones';
import { useZoneAd } from '../api/zone-ads';

/**
 * One ad zone a page reserves (part 1 §2.1, part 2 §2; the search page: 21639, 21640, 21635, 21636), filled
 * from the house ads admins manage (features/marketing): the ad live in the zone today, or nothing at all.
 * The box has the zone's banner shape from the start: a skeleton of that shape while the zones are asked
 * for (pages load them beside their code, so usually they are known at the first render), then the image
 * in the same box, so nothing below moves. An empty zone, or one whose ads cannot be fetched, takes no space.
 */
export function AdZone({ zoneId }: { zoneId: string | number }) {
  const id = String(zoneId);
  const ad = useZoneAd(id);
  const { width, height } = adZoneSize(id) ?? { width: 1200, height: 200 };
  const aspectRatio = `${width} / ${height}`;
  if (ad.isPending) {
    return (
      <Box my="sm" aria-hidden data-testid="ad-zone-pending" data-zone-id={id}>
        <Skeleton radius="md" style={{ aspectRatio }} />
      </Box>
    );
  }
  if (!ad.data) return null;
  const { linkUrl, imageUrl, altText } = ad.data;
  // width and height give the box its shape before the file arrives; an image of another shape is fitted inside.
  const image = (
    <Image
      src={imageUrl}
      alt={altText}
      width={width}
      height={height}
      radius="md"
      w="100%"
      h="auto"
      fit="contain"
      style={{ aspectRatio }}
    />
  );
  return (
    <Box component="aside" aria-label="Advertisement" data-testid="ad-zone" data-zone-id={id} my="sm">
      {linkUrl.startsWith('/') ? (
        <Anchor component={Link} to={linkUrl} display="block">
          {image}
        </Anchor>
      ) : (
        <Anchor href={linkUrl} target="_blank" rel="noopener noreferrer sponsored" display="block">
          {image}
        </Anchor>
      )}
    </Box>
  );
}

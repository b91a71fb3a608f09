import { Anchor, Box, Skeleton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { adPhoneMedia, adZoneSize, zoneImageUrl } from '../../domain/marketing/ad-zones';
import { useZoneAd } from '../api/zone-ads';
import classes from './ad-zone.module.css';

/**
 * One ad zone a page reserves (part 1 §2.1, part 2 §2; the search page: 21639, 21640, 21635, 21636), filled
 * from the house ads admins manage (features/marketing): the ad live in the zone today, or nothing at all.
 * The box has the zone's banner shape from the start: a skeleton of that shape while the zones are asked
 * for (pages load them beside their code, so usually they are known at the first render), then the image
 * in the same box, so nothing below moves. An empty zone, or one whose ads cannot be fetched, takes no space.
 * On a phone a wide zone shows the ad's phone image in the zone's phone shape, so its words stay readable;
 * an ad without one shows its wide image there too. A zone in a narrow column at every width (`narrow`:
 * the home page's side column) shows the phone image everywhere.
 */
export function AdZone({ zoneId, narrow = false }: { zoneId: string | number; narrow?: boolean }) {
  const id = String(zoneId);
  const ad = useZoneAd(id);
  const size = adZoneSize(id) ?? { width: 1200, height: 200, phone: null };
  const { phone } = size;
  const phoneImage = ad.data?.phoneImageUrl && phone ? { url: ad.data.phoneImageUrl, ...phone } : null;
  // While pending, the phone shape is the likelier one.
  const phoneShape = phone && (ad.isPending || phoneImage) ? phone : null;
  const { width, height } = narrow && phoneShape ? phoneShape : size;
  const shape = {
    '--ad-ratio': `${width} / ${height}`,
    ...(phoneShape ? { '--ad-phone-ratio': `${phoneShape.width} / ${phoneShape.height}` } : {}),
  } as CSSProperties;
  if (ad.isPending) {
    return (
      <Box my="sm" aria-hidden data-testid="ad-zone-pending" data-zone-id={id}>
        <Skeleton radius="md" className={classes.box} style={shape} />
      </Box>
    );
  }
  if (!ad.data) return null;
  const { linkUrl, altText } = ad.data;
  const imageUrl = zoneImageUrl(ad.data, id, narrow);
  // width and height give the box its shape before the file arrives; an image of another shape is fitted inside.
  const image = (
    <picture>
      {phoneImage && !narrow && (
        <source
          media={adPhoneMedia}
          srcSet={phoneImage.url}
          width={phoneImage.width}
          height={phoneImage.height}
        />
      )}
      <img
        src={imageUrl}
        alt={altText}
        width={width}
        height={height}
        className={`${classes.box} ${classes.image}`}
        style={shape}
      />
    </picture>
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

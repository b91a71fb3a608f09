import { Anchor, Box, Image } from '@mantine/core';
import { Link } from 'react-router';
import { useZoneAd } from '../api/zone-ads';

/**
 * One ad zone a page reserves (part 1 §2.1, part 2 §2; the search page: 21639, 21640, 21635, 21636), filled
 * from the house ads admins manage (features/marketing): the ad live in the zone today, or nothing at all,
 * taking no space, while it loads, when the zone is empty or when the ad cannot be fetched.
 */
export function AdZone({ zoneId }: { zoneId: string | number }) {
  const ad = useZoneAd(String(zoneId));
  if (!ad.data) return null;
  const { linkUrl, imageUrl, altText } = ad.data;
  const image = <Image src={imageUrl} alt={altText} radius="md" w="100%" h="auto" fit="contain" />;
  return (
    <Box component="aside" aria-label="Advertisement" data-testid="ad-zone" data-zone-id={zoneId} my="sm">
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

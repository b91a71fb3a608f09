import type { CartItemView } from '../../../../domain/carts/cart-view';
import { useFeatures } from '../../../api/features';
import { photoItemLabel, RequestPhotosButton } from '../../../ui/request-photos-button';

/** 'Request Photos' of a cart line's listing (PHOTO_REQUEST): the product page's form, for a catalogue line. */
export function CartLinePhotos({ item, branchName }: { item: CartItemView; branchName: string }) {
  const { isOn } = useFeatures();
  if (!isOn('PHOTO_REQUEST') || item.nonCatalog || item.productVariantId === null) return null;
  return (
    <RequestPhotosButton
      compact
      item={{
        branchId: item.branchId,
        productVariantId: item.productVariantId,
        itemLabel: photoItemLabel(item.name, item.size, item.characteristics),
        branchName,
      }}
    />
  );
}

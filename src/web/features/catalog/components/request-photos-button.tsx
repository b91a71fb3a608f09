import type { ExtraColumn } from '../../../ui/availability-table';
import { photoItemLabel, RequestPhotosButton } from '../../../ui/request-photos-button';

/** The branch table's 'Request Photos' column (PHOTO_REQUEST): the shared form for the listing's size. */
export const requestPhotosColumn: ExtraColumn = {
  key: 'photos',
  header: 'Photos',
  cell: (listing) => (
    <RequestPhotosButton
      item={{
        branchId: listing.branchId,
        productVariantId: listing.productVariantId,
        itemLabel: photoItemLabel(listing.product.primaryName, listing.size, listing.characteristics),
        branchName: listing.branch.name,
      }}
    />
  ),
};

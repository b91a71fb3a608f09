import { Anchor, Button, Center, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { productAvailabilitiesQueryOptions } from '../../../api/product-availabilities';
import { paths } from '../../../paths';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { formatMoney } from '../../../ui/money';
import { AddToCartButton } from './add-to-cart-button';

/** How many of a product's cheapest listings the search tile's "Add to cart" offers. */
export const tileListingCount = 5;

function ListingsTable({ productId, productName }: { productId: number; productName: string }) {
  const listings = useQuery(
    productAvailabilitiesQueryOptions({
      productId,
      postalCode: null,
      sort: 'price|asc',
      page: 1,
      perPage: tileListingCount,
    }),
  );
  if (listings.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading listings" />
      </Center>
    );
  if (listings.isError)
    return (
      <LoadErrorAlert
        title="Could not load listings"
        error={listings.error}
        onRetry={() => listings.refetch()}
      />
    );
  if (listings.data.results.length === 0)
    return (
      <Text size="sm" c="dimmed" py="md" ta="center">
        No supplier has this in stock right now.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table verticalSpacing="xs" data-testid="tile-listings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Add to cart</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {listings.data.results.map((listing) => (
            <Table.Tr key={listing.id} data-testid="tile-listing">
              <Table.Td>
                <Anchor component={Link} to={paths.supplier(listing.branch.slug)} size="sm" fw={600}>
                  {listing.branch.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {listing.size}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {listing.price ? formatMoney(listing.price.value) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <AddToCartButton
                  branchId={listing.branchId}
                  productVariantId={listing.productVariantId}
                  unit={listing.unit}
                  productName={productName}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The search tile's "Add to cart": a dialog of the product's cheapest listings, each with its own add. */
export function ProductListingsAdd({
  productId,
  productName,
  pathIdentifier,
}: {
  productId: number;
  productName: string;
  pathIdentifier: string;
}) {
  const [opened, dialog] = useDisclosure(false);
  // The dialog is mounted once first opened: a search page draws 24 of these buttons at once.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        fullWidth
        leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
        onClick={() => {
          setWanted(true);
          dialog.open();
        }}
        data-testid="tile-add-to-cart"
      >
        Add to cart
      </Button>
      {wanted && (
        <Modal opened={opened} onClose={dialog.close} title={`Add ${productName} to cart`} size="lg" centered>
          {opened && (
            <Stack gap="sm">
              <ListingsTable productId={productId} productName={productName} />
              <Anchor component={Link} to={paths.product(pathIdentifier)} size="sm" onClick={dialog.close}>
                See every supplier and size
              </Anchor>
            </Stack>
          )}
        </Modal>
      )}
    </>
  );
}

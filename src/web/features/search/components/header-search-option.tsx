import { Badge, Box, Combobox, Group, Stack, Text } from '@mantine/core';
import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { BotanicalName } from './botanical-name';
import classes from './header-search-option.module.css';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { tileCategoryCount } from './tile-constants';

/**
 * One live result of the header dropdown (spec part 1 §2.2): names, up to two category labels, the
 * 'Available in' characteristics and the price.
 */
export function HeaderSearchOption({
  product,
  signedIn,
}: {
  product: ProductSearchResult;
  signedIn: boolean;
}) {
  return (
    <Combobox.Option
      value={product.pathIdentifier}
      data-testid="header-search-result"
      py={8}
      className={classes.option}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ProductImage url={product.imageUrl} alt="" height={44} width={44} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} lh={1.25} lineClamp={2}>
            <BotanicalName name={product.primaryName} isPlant={product.secondaryName !== null} />
          </Text>
          {product.secondaryName && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {product.secondaryName}
            </Text>
          )}
          {product.categories.length > 0 && (
            <Group gap={4} mt={2}>
              {product.categories.slice(0, tileCategoryCount).map((category) => (
                <Badge key={category.slug} size="xs" variant="light">
                  {category.name}
                </Badge>
              ))}
            </Group>
          )}
          {product.availabilityCharacteristicNames && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              Available in: {product.availabilityCharacteristicNames}
            </Text>
          )}
        </Stack>
        <Box style={{ flexShrink: 0, maxWidth: '40%' }} ta="right">
          <ProductPrice product={product} signedIn={signedIn} size="xs" linkToSignIn={false} />
        </Box>
      </Group>
    </Combobox.Option>
  );
}

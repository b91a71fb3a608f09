import { Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListItemView } from '../../../../domain/hubsheets/hubsheet-types';
import type { ProductSearchResult } from '../../../../domain/search/search-results';
import { answerOf, api } from '../../../api/api';
import type { paths } from '../../../api/generated/openapi';

type SizeOption =
  paths['/api/v1/list_items/{id}/product_size_options']['get']['responses'][200]['content']['application/json']['results'][number];

/** Search the catalogue for a line's product, then pick its size: the user's own match. */
export function CatalogMatchModal({
  item,
  onClose,
  onChoose,
}: {
  item: ListItemView | null;
  onClose: () => void;
  onChoose: (item: ListItemView, product: ProductSearchResult, variant: SizeOption | null) => void;
}) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const [product, setProduct] = useState<ProductSearchResult | null>(null);
  useEffect(() => {
    setQuery(item?.originalText ?? '');
    setProduct(null);
  }, [item]);

  const results = useQuery({
    queryKey: ['hubsheets', 'catalog-search', debounced],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/products/search', { params: { query: { query: debounced, perPage: 8 } }, signal }),
      ),
    enabled: item !== null && debounced.length >= 2 && product === null,
  });
  const sizes = useQuery({
    queryKey: ['hubsheets', 'size-options', item?.id, product?.id],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/v1/list_items/{id}/product_size_options', {
          params: { path: { id: item?.id ?? 0 }, query: { productId: product?.id } },
          signal,
        }),
      ),
    enabled: item !== null && product !== null,
  });

  return (
    <Modal opened={item !== null} onClose={onClose} title="Search the catalog" size="lg">
      {item && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Your list says: <strong>{item.originalText}</strong>
            {item.sizeText ? ` · ${item.sizeText}` : ''}
          </Text>
          {product === null ? (
            <>
              <TextInput
                aria-label="Search products"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                data-autofocus
              />
              {results.isFetching && <Loader size="sm" />}
              {results.data?.results.length === 0 && (
                <Text size="sm" c="dimmed">
                  No products match "{debounced}".
                </Text>
              )}
              <Stack gap={4}>
                {results.data?.results.map((result) => (
                  <UnstyledButton
                    key={result.id}
                    onClick={() => setProduct(result)}
                    p="xs"
                    style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
                    data-testid="catalog-result"
                  >
                    <Text size="sm" fw={600} fs="italic">
                      {result.primaryName}
                    </Text>
                    {result.secondaryName && (
                      <Text size="xs" c="dimmed">
                        {result.secondaryName}
                      </Text>
                    )}
                  </UnstyledButton>
                ))}
              </Stack>
            </>
          ) : (
            <>
              <Text fw={600} fs="italic">
                {product.primaryName}
              </Text>
              <Text size="sm">Choose a size:</Text>
              {sizes.isPending && <Loader size="sm" />}
              <Group gap="xs">
                {sizes.data?.results.map((size) => (
                  <Button
                    key={size.id}
                    variant="default"
                    size="xs"
                    onClick={() => onChoose(item, product, size)}
                  >
                    {size.size}
                  </Button>
                ))}
                <Button variant="subtle" size="xs" onClick={() => onChoose(item, product, null)}>
                  Any size
                </Button>
              </Group>
              <Button variant="subtle" size="xs" w="fit-content" onClick={() => setProduct(null)}>
                Back to the results
              </Button>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

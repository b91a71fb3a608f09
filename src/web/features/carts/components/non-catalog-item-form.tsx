import { Button, Group, NumberInput, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CartItemView } from '../../../../domain/carts/cart-view';
import { ApiError } from '../../../api/client';
import { addCartItem } from '../api/carts-api';
import { showCartEditError } from './cart-shared';

/** "Add an item not in the catalog" for one supplier branch of the cart. */
export function NonCatalogItemForm({
  cartId,
  branchId,
  onAdded,
}: {
  cartId: number;
  branchId: number;
  onAdded: (item: CartItemView) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [size, setSize] = useState('');
  const [quantity, setQuantity] = useState<string | number>(1);
  const [price, setPrice] = useState<string | number>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  if (!opened)
    return (
      <Button variant="subtle" size="compact-sm" onClick={() => setOpened(true)} w="fit-content">
        Add an item not in the catalog
      </Button>
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'Enter a name for this item';
    if (quantity === '' || Number(quantity) <= 0) problems.quantity = 'Quantity must be more than 0';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      const item = await addCartItem({
        cartId,
        branchId,
        nonCatalog: true,
        name: name.trim(),
        size: size.trim() || null,
        quantity: Number(quantity),
        unitPrice: price === '' ? null : Math.round(Number(price) * 100),
      });
      setName('');
      setSize('');
      setQuantity(1);
      setPrice('');
      setOpened(false);
      onAdded(item);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else showCartEditError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} data-testid="non-catalog-form">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          size="xs"
          label="Item name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          style={{ flex: '2 1 200px' }}
        />
        <TextInput
          size="xs"
          label="Size"
          value={size}
          onChange={(event) => setSize(event.currentTarget.value)}
          error={errors.size}
          style={{ flex: '1 1 100px' }}
        />
        <NumberInput
          size="xs"
          label="Quantity"
          required
          min={0}
          allowNegative={false}
          value={quantity}
          onChange={setQuantity}
          error={errors.quantity}
          w={100}
        />
        <NumberInput
          size="xs"
          label="Unit price (optional)"
          min={0}
          allowNegative={false}
          decimalScale={2}
          prefix="$"
          value={price}
          onChange={setPrice}
          error={errors.unitPrice}
          w={140}
        />
      </Group>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button size="xs" variant="default" onClick={() => setOpened(false)}>
          Cancel
        </Button>
        <Button size="xs" type="submit" loading={saving}>
          Add item
        </Button>
      </Group>
    </Paper>
  );
}

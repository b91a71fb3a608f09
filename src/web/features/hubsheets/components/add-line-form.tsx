import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { listItemTextRequiredMessage } from '../../../../domain/hubsheets/hubsheet-schemas';
import type { ListItemActions } from '../api/use-list-item-actions';

/** A line typed in by hand: matched as soon as it is added. */
export function AddLineForm({ actions }: { actions: ListItemActions }) {
  const empty = { text: '', size: '', quantity: '', budget: '' };
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (field: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.text.trim()) {
      setError(listItemTextRequiredMessage);
      return;
    }
    setError(null);
    setSaving(true);
    const ok = await actions.add({
      originalText: values.text.trim(),
      sizeText: values.size.trim() || null,
      quantity: values.quantity.trim() || null,
      budgetPrice: values.budget.trim() || null,
      notes: null,
    });
    setSaving(false);
    // A refused line keeps what was typed.
    if (ok) setValues(empty);
  };
  return (
    <form onSubmit={(event) => void submit(event)} data-testid="add-line-form">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          aria-label="New line product"
          placeholder="Product as written, e.g. Acer rubrum 'October Glory'"
          value={values.text}
          onChange={set('text')}
          error={error}
          style={{ flex: '2 1 260px' }}
          size="sm"
        />
        <TextInput
          aria-label="New line size"
          placeholder="Size, e.g. 2.5&quot; cal"
          value={values.size}
          onChange={set('size')}
          w={150}
          size="sm"
        />
        <TextInput
          aria-label="New line quantity"
          placeholder="Qty"
          value={values.quantity}
          onChange={set('quantity')}
          w={80}
          size="sm"
        />
        <TextInput
          aria-label="New line budget price"
          placeholder="Budget $"
          value={values.budget}
          onChange={set('budget')}
          w={100}
          size="sm"
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={saving} size="sm">
          Add line
        </Button>
      </Group>
    </form>
  );
}

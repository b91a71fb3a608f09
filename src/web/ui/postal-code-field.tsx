import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconArrowRight, IconMapPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { postalCodeInvalidMessage } from '../../domain/accounts/messages';
import { isValidPostalCode, normalizePostalCode } from '../../domain/accounts/postal-code';

/**
 * A zip or postal code box that applies its value on Enter or the arrow button (empty clears it),
 * refusing codes that are not US or Canadian.
 */
export function PostalCodeField({
  value,
  onApply,
  serverError,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  value: string | null;
  onApply: (postalCode: string | null) => void;
  serverError?: string | null;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value ?? ''), [value]);
  const apply = () => {
    const trimmed = draft.trim();
    if (!trimmed) {
      setError(null);
      onApply(null);
      return;
    }
    if (!isValidPostalCode(trimmed)) {
      setError(postalCodeInvalidMessage);
      return;
    }
    setError(null);
    onApply(normalizePostalCode(trimmed));
  };
  return (
    <TextInput
      label="Zip or postal code"
      placeholder="e.g. 28202"
      leftSection={<IconMapPin size={16} />}
      rightSection={
        <ActionIcon variant="subtle" aria-label="Apply postal code" onClick={apply}>
          <IconArrowRight size={16} />
        </ActionIcon>
      }
      {...props}
      value={draft}
      error={error ?? serverError ?? undefined}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        }
      }}
      onBlur={() => {
        if (draft.trim() !== (value ?? '')) apply();
      }}
    />
  );
}

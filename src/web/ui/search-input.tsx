import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const searchDebounceMs = 300;

/** A search box that reports what was typed once typing pauses for 300 ms. */
export function SearchInput({
  value,
  onSearch,
  ...props
}: { value: string; onSearch: (value: string) => void } & Omit<TextInputProps, 'value' | 'onChange'>) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, searchDebounceMs);
  const reported = useRef(value);

  // The URL changed by itself (back button, a link): show what it says now.
  useEffect(() => {
    if (value.trim() !== reported.current.trim()) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debounced.trim() === reported.current.trim()) return;
    reported.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);

  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      rightSection={
        text ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setText('')} /> : null
      }
      {...props}
    />
  );
}

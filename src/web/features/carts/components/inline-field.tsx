import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * A header field saved on blur or Enter. What the user typed stays in the box until it is saved,
 * even when the cart reloads underneath it (after a conflict, say).
 */
export function InlineField({
  value,
  onSave,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  /** Resolves to an error message, or null when saved. */
  onSave: (value: string) => Promise<string | null>;
}) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current) setDraft(value);
  }, [value]);
  const save = async () => {
    if (!touched.current || saving) return;
    if (draft.trim() === value.trim()) {
      touched.current = false;
      setError(null);
      return;
    }
    setSaving(true);
    const problem = await onSave(draft.trim());
    setSaving(false);
    setError(problem);
    if (problem === null) touched.current = false;
  };
  return (
    <TextInput
      {...props}
      value={draft}
      error={error}
      onChange={(event) => {
        touched.current = true;
        setDraft(event.currentTarget.value);
      }}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void save();
      }}
    />
  );
}

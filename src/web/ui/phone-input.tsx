import { InputBase, type InputBaseProps } from '@mantine/core';
import { PatternFormat } from 'react-number-format';
import { phoneDigits, phoneMask } from '../../domain/accounts/phone';

// The spec's mask '(999) 999-9999' in react-number-format's notation.
const pattern = phoneMask.replace(/9/g, '#');

type PhoneInputProps = Omit<InputBaseProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  id?: string;
  onFocus?: () => void;
  onBlur?: () => void;
  name?: string;
  autoComplete?: string;
  'data-path'?: string;
};

/** The last 10 digits a stored number holds, dropping the +1 country prefix the display format allows. */
function nationalDigits(value: string | null | undefined) {
  const digits = phoneDigits(value ?? '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.slice(0, 10);
}

/**
 * A US phone field masked as (999) 999-9999 while typing. The value is the formatted text, or ''
 * when no digit is typed, so the shared schemas' "10 digits" rules read it as they read any phone.
 */
export function PhoneInput({
  value,
  onChange,
  autoComplete = 'tel',
  placeholder = '(555) 555-5555',
  ...props
}: PhoneInputProps) {
  return (
    <InputBase
      {...props}
      component={PatternFormat}
      format={pattern}
      mask="_"
      valueIsNumericString
      value={nationalDigits(value)}
      onValueChange={(values: { value: string; formattedValue: string }) =>
        onChange(values.value ? values.formattedValue : '')
      }
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      placeholder={placeholder}
    />
  );
}

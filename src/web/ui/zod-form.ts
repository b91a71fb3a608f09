import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * A Mantine `validate` function backed by a Zod schema from `src/domain`, so the form shows the
 * same messages as the server. `toInput` turns the form's values (e.g. '' for an unpicked option)
 * into what the schema reads. An issue inside a list (`projectTypes.1`) is reported on the list
 * itself, because no input is bound to one entry.
 */
export function zodValidate<Values>(
  schema: z.ZodType,
  toInput: (values: Values) => unknown = (values) => values,
) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const firstIndex = issue.path.findIndex((segment) => typeof segment === 'number');
      const path = (firstIndex === -1 ? issue.path : issue.path.slice(0, firstIndex)).map(String).join('.');
      errors[path] ??= issue.message;
    }
    return errors;
  };
}

/** Focuses the first field with an error, so a long form shows the user where to look. */
export function focusFirstError(errors: FormErrors) {
  const [first] = Object.keys(errors);
  if (!first) return;
  const node = document.querySelector<HTMLElement>(`[data-path="${first}"]`);
  // A group of checkboxes carries data-path on its wrapper; focus its first box.
  const target = node?.matches('input, textarea, select, button')
    ? node
    : node?.querySelector<HTMLElement>('input');
  (target ?? node)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  target?.focus({ preventScroll: true });
}

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

type ParamValue = string | number | null | undefined;

/**
 * A Beehive list's filters and page, kept in the URL so a list can be reloaded, shared and left with
 * the back button. Changing a filter starts again at page 1.
 */
export function useListSearchParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const query = params.get('query') ?? '';

  const update = useCallback(
    (changes: Record<string, ParamValue>, options: { replace?: boolean } = {}) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            const empty =
              value === null || value === undefined || value === '' || (key === 'page' && value === 1);
            if (empty) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace },
      ),
    [setParams],
  );

  return { params, page, query, update };
}

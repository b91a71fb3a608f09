import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Filters kept in the URL; any change but the page itself goes back to page 1. */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const update = useCallback(
    (changes: Record<string, string | number | null>, options: { replace?: boolean } = {}) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace },
      ),
    [setParams],
  );
  return { params, page, update };
}

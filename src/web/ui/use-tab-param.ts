import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const tabParam = 'tab';

/**
 * The active tab, kept in the `tab` query parameter so a link or reload opens the same tab (spec part
 * 1 §2.8). The default tab leaves the parameter out, and switching tabs replaces the history entry
 * instead of adding one, so Back leaves the page rather than stepping through tabs.
 */
export function useTabParam(defaultTab: string): [string, (tab: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get(tabParam) || defaultTab;
  const setTab = useCallback(
    (next: string | null) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (!next || next === defaultTab) params.delete(tabParam);
          else params.set(tabParam, next);
          return params;
        },
        { replace: true },
      );
    },
    [defaultTab, setSearchParams],
  );
  return [tab, setTab];
}

import { useEffect, useRef } from 'react';

/**
 * For a row of section tabs that scrolls sideways on a phone: a ref for the row, and the current
 * section's tab (marked `data-section`) is brought into view whenever the section changes.
 */
export function useSectionInView(active: string | null) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tab = listRef.current?.querySelector<HTMLElement>(`[data-section="${active}"]`);
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return listRef;
}

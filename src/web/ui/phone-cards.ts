import { useLayoutEffect, useRef } from 'react';

/**
 * A wide table that becomes one card per row on a phone (≤ 600 px; the CSS is `table.phone-cards`
 * in global.css): put `className="phone-cards"` and this ref on the table. Each cell is labelled
 * with its column's heading (`data-label`), shown before the value on a phone; the first cell is
 * the card's title.
 */
export function usePhoneCards() {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    const headings = table?.tHead?.rows[0]?.cells;
    if (!table || !headings) return;
    const labels = Array.from(headings, (cell) => cell.textContent?.trim() ?? '');
    for (const body of Array.from(table.tBodies)) {
      for (const row of Array.from(body.rows)) {
        let column = 0;
        for (const cell of Array.from(row.cells)) {
          const label = cell.colSpan > 1 ? '' : (labels[column] ?? '');
          if (cell.dataset.label !== label) cell.dataset.label = label;
          column += cell.colSpan;
        }
      }
    }
  });
  return ref;
}

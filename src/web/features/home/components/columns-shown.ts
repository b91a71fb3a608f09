/**
 * How many cards of each column are drawn once `shown` cards are: row by row across the two columns
 * (main's first, side's first, main's second, …), then the longer column's rest. On a wide screen the
 * cards side by side appear together, top to bottom.
 */
export function columnsShown(shown: number, mainCount: number, sideCount: number) {
  const rows = Math.min(mainCount, sideCount);
  // The complete rows drawn, and whether the next row's main card is too.
  const pairedMain = Math.min(rows, Math.ceil(Math.min(shown, 2 * rows) / 2));
  const pairedSide = Math.min(rows, Math.floor(Math.min(shown, 2 * rows) / 2));
  const rest = Math.max(0, shown - 2 * rows);
  return {
    main: Math.min(mainCount, pairedMain + (mainCount > rows ? rest : 0)),
    side: Math.min(sideCount, pairedSide + (sideCount > rows ? rest : 0)),
  };
}

import { describe, expect, it } from 'vitest';
import { columnsShown } from './columns-shown';

describe('columnsShown', () => {
  it('draws the two columns row by row, main first', () => {
    expect([0, 1, 2, 3, 4].map((shown) => columnsShown(shown, 3, 3))).toEqual([
      { main: 0, side: 0 },
      { main: 1, side: 0 },
      { main: 1, side: 1 },
      { main: 2, side: 1 },
      { main: 2, side: 2 },
    ]);
    expect(columnsShown(6, 3, 3)).toEqual({ main: 3, side: 3 });
  });

  it('then the rest of the longer column, and never more than a column holds', () => {
    // A buyer: five main cards, seven in the side column (links, setup, manager, large bid, help, two zones).
    expect(columnsShown(10, 5, 7)).toEqual({ main: 5, side: 5 });
    expect(columnsShown(11, 5, 7)).toEqual({ main: 5, side: 6 });
    expect(columnsShown(12, 5, 7)).toEqual({ main: 5, side: 7 });
    expect(columnsShown(99, 5, 7)).toEqual({ main: 5, side: 7 });
    expect(columnsShown(3, 4, 1)).toEqual({ main: 2, side: 1 });
    expect(columnsShown(5, 4, 1)).toEqual({ main: 4, side: 1 });
    expect(columnsShown(2, 0, 3)).toEqual({ main: 0, side: 2 });
  });

  it('every step draws exactly one more card', () => {
    for (const [mainCount, sideCount] of [
      [5, 7],
      [2, 4],
      [3, 0],
    ]) {
      for (let shown = 0; shown <= mainCount + sideCount; shown++) {
        const { main, side } = columnsShown(shown, mainCount, sideCount);
        expect(main + side).toBe(shown);
      }
    }
  });
});

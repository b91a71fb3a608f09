import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes cells with commas, quotes and line breaks, and leaves empty cells empty', () => {
    expect(
      toCsv(
        ['Name', 'Total'],
        [
          ['Oak, "Red"', 12.5],
          ['Line\nbreak', null],
        ],
      ),
    ).toBe('Name,Total\r\n"Oak, ""Red""",12.5\r\n"Line\nbreak",');
  });
});

import { describe, expect, it } from 'vitest';
import { learningKey } from './learning-key';

describe('learningKey', () => {
  it('is the same for the same line in other case, spacing and punctuation', () => {
    const key = learningKey({ text: "Acer rub. 'Oct. Glory'", sizeText: '2.5" Cal. B&B' });
    expect(learningKey({ text: 'ACER  RUB OCT GLORY', sizeText: '2.5" CAL B&B' })).toBe(key);
    expect(learningKey({ text: 'acer rub, “oct glory”', sizeText: ' 2.5″ cal.  b&b ' })).toBe(key);
  });

  it('tells different texts and sizes apart', () => {
    const key = learningKey({ text: 'Acer rubrum', sizeText: '2.5" cal' });
    expect(learningKey({ text: 'Acer rubrum', sizeText: '25 cal' })).not.toBe(key);
    expect(learningKey({ text: 'Acer rubrum', sizeText: '3" cal' })).not.toBe(key);
    expect(learningKey({ text: 'Acer saccharum', sizeText: '2.5" cal' })).not.toBe(key);
    expect(learningKey({ text: 'Acer rubrum', sizeText: null })).toBe(
      learningKey({ text: 'Acer rubrum', sizeText: '' }),
    );
  });
});

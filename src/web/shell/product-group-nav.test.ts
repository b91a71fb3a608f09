import { describe, expect, it } from 'vitest';
import {
  familiesOf,
  type ProductGroupNavEntry,
  productGroupSections,
  topFamilies,
} from './product-group-nav';

const groups: ProductGroupNavEntry[] = [
  {
    slug: 'trees',
    name: 'Trees',
    groupType: 'GREEN_GOOD',
    families: [
      { slug: 'acer', name: 'Acer', productCount: 5 },
      { slug: 'quercus', name: 'Quercus', productCount: 9 },
    ],
  },
  {
    slug: 'shrubs',
    name: 'Shrubs',
    groupType: 'GREEN_GOOD',
    families: [
      { slug: 'buxus', name: 'Buxus', productCount: 5 },
      { slug: 'ilex', name: 'Ilex', productCount: 1 },
    ],
  },
  {
    slug: 'hardscape',
    name: 'Hardscape',
    groupType: 'HARD_GOOD',
    families: [{ slug: 'pavers', name: 'Pavers', productCount: 2 }],
  },
];

describe('product group navigation', () => {
  it('splits the groups into Plants (green goods) and Hard Goods, dropping an empty section', () => {
    expect(productGroupSections(groups).map((s) => [s.label, s.groups.map((g) => g.slug)])).toEqual([
      ['Plants', ['trees', 'shrubs']],
      ['Hard Goods', ['hardscape']],
    ]);
    expect(productGroupSections(groups.slice(0, 2)).map((s) => s.label)).toEqual(['Plants']);
    expect(productGroupSections([])).toEqual([]);
  });

  it('lists families group by group, or the ones with most products first (ties by name)', () => {
    expect(familiesOf(groups).map((f) => `${f.groupSlug}/${f.slug}`)).toEqual([
      'trees/acer',
      'trees/quercus',
      'shrubs/buxus',
      'shrubs/ilex',
      'hardscape/pavers',
    ]);
    expect(topFamilies(groups.slice(0, 2), 3).map((f) => f.name)).toEqual(['Quercus', 'Acer', 'Buxus']);
  });
});

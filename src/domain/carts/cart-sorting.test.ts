import { describe, expect, it } from 'vitest';
import { renumberPositions, sortCartItems } from './cart-sorting';

const items = [
  {
    id: 1,
    name: 'Viburnum dentatum',
    branchName: 'Piedmont',
    categoryNames: 'Shrub',
    createdAt: '2026-11-01T10:00:00Z',
  },
  {
    id: 2,
    name: "Acer rubrum 'October Glory'",
    branchName: 'Blue Ridge',
    categoryNames: 'Tree',
    createdAt: '2026-11-01T09:00:00Z',
  },
  {
    id: 3,
    name: 'Carex pensylvanica',
    branchName: 'Blue Ridge',
    categoryNames: 'Grass, Perennial',
    createdAt: '2026-11-01T11:00:00Z',
  },
  {
    id: 4,
    name: 'Ilex glabra',
    branchName: 'Piedmont',
    categoryNames: 'Shrub',
    createdAt: '2026-11-01T08:00:00Z',
  },
];

const order = (field: Parameters<typeof sortCartItems>[1]) =>
  sortCartItems(items, field).map((entry) => entry.id);

describe('sortCartItems', () => {
  it('sorts by product name', () => expect(order('product')).toEqual([2, 3, 4, 1]));
  it('sorts by supplier branch, then product name', () => expect(order('supplier')).toEqual([2, 3, 4, 1]));
  it('sorts by original sequence (when each was added)', () =>
    expect(order('original')).toEqual([4, 2, 1, 3]));
  it('sorts by category names, then product name', () => expect(order('category')).toEqual([3, 4, 1, 2]));

  it('numbers positions from 1 in the new order', () => {
    expect(sortCartItems(items, 'original')).toEqual([
      { id: 4, sortPosition: 1 },
      { id: 2, sortPosition: 2 },
      { id: 1, sortPosition: 3 },
      { id: 3, sortPosition: 4 },
    ]);
  });

  it('keeps the earlier order of ties, so sorting twice changes nothing', () => {
    const twins = [
      { ...items[0], id: 8, name: 'Same' },
      { ...items[0], id: 7, name: 'Same' },
    ];
    expect(sortCartItems(twins, 'product').map((entry) => entry.id)).toEqual([8, 7]);
  });
});

describe('renumberPositions', () => {
  it('numbers dragged rows from 1', () => {
    expect(renumberPositions([9, 3, 5])).toEqual([
      { id: 9, sortPosition: 1 },
      { id: 3, sortPosition: 2 },
      { id: 5, sortPosition: 3 },
    ]);
  });
});

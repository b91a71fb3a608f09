import { describe, expect, it } from 'vitest';
import { groupItemsIntoOrders } from './order-grouping';

describe('groupItemsIntoOrders', () => {
  it('makes one group per branch, in the order branches first appear', () => {
    const groups = groupItemsIntoOrders(
      [
        { id: 1, branchId: 20, branchOrganizationId: 2 },
        { id: 2, branchId: 10, branchOrganizationId: 1 },
        { id: 3, branchId: 20, branchOrganizationId: 2 },
      ],
      7,
    );
    expect(
      groups.map((group) => [
        group.branchId,
        group.supplierOrganizationId,
        group.items.map((item) => item.id),
      ]),
    ).toEqual([
      [20, 2, [1, 3]],
      [10, 1, [2]],
    ]);
  });

  it('refuses a buyer without an organisation', () => {
    expect(() => groupItemsIntoOrders([{ branchId: 1, branchOrganizationId: 1 }], null)).toThrow(
      'Buyer must have an organization',
    );
  });

  it('refuses a branch without an organisation', () => {
    expect(() => groupItemsIntoOrders([{ branchId: 1, branchOrganizationId: null }], 3)).toThrow(
      'Branch must have an organization',
    );
  });
});

/**
 * The order access gate (spec part 1 §6, part 3 §6): admins see every order; a supplier only orders
 * of its own branches; a buyer only orders of its own organisation. Everyone else is refused.
 */
export function canSeeOrder(
  viewer: { admin: boolean; organizationId: number | null },
  order: { buyerOrganizationId: number; supplierOrganizationId: number },
): 'admin' | 'buyer' | 'supplier' | null {
  if (viewer.admin) return 'admin';
  if (viewer.organizationId === null) return null;
  if (viewer.organizationId === order.buyerOrganizationId) return 'buyer';
  if (viewer.organizationId === order.supplierOrganizationId) return 'supplier';
  return null;
}

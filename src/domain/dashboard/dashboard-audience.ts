import { dashboardAdZones } from './dashboard-layout';

type AudienceUser = {
  activated: boolean;
  supplier: boolean;
  organizationIsBuyer: boolean;
};

/** Who sees which dashboard panels (spec part 1 §2.1, §6). */
export function dashboardAudience(user: AudienceUser) {
  const supplier = user.supplier;
  // On the dashboard a buyer is anyone who is not only a supplier.
  const buyer = !supplier || user.organizationIsBuyer;
  // Suppliers and activated buyers see the order panels.
  const orderPanels = supplier || user.activated;
  const recentOrderTabs: ('buyer' | 'supplier')[] = [];
  if (orderPanels && buyer) recentOrderTabs.push('buyer');
  if (orderPanels && supplier) recentOrderTabs.push('supplier');
  return {
    supplier,
    buyer,
    tips: !user.activated && !supplier,
    submittedOrders: orderPanels && buyer && !(supplier && user.organizationIsBuyer),
    recentOrderTabs,
    /** Activated users see their carts and Hubsheets first; newcomers see them after the other cards. */
    workFirst: user.activated,
    adZones: user.activated ? dashboardAdZones.activated : dashboardAdZones.nonActivated,
  };
}

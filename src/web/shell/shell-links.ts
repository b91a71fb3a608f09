import { canUseBeehive } from '../../domain/admin/beehive-access';
import { productName } from '../../domain/brand';
import type { CurrentUser } from '../../domain/users/current-user';
import { paths } from '../paths';

/** A link of the header, slide-out menu or footer; external ones open in a new tab. */
export type ShellLink = { label: string; to: string; external?: boolean };

/** The header's top row, and the help links of the slide-out menu (spec part 1 §2.2). */
export const helpLinks: ShellLink[] = [
  { label: 'How it Works', to: paths.howItWorks },
  { label: 'Become a Supplier', to: paths.becomeSupplier },
  { label: 'FAQs', to: paths.faqs },
  { label: 'Help Center', to: paths.helpCenter },
  { label: 'Contact Us', to: paths.contact },
];

/** The 'Browse by Suppliers' menu. */
export const supplierLinks: ShellLink[] = [
  { label: 'Supplier Directory', to: paths.suppliers },
  { label: 'Supplier Map', to: paths.supplierMap },
  { label: 'Favorite Suppliers', to: paths.favoriteSuppliers },
  { label: 'Brands', to: paths.brands },
];

/** The 'Why Hedgerow' menu visitors see. */
export const whyLinks: ShellLink[] = [
  { label: 'Features', to: paths.features },
  { label: `Sell on ${productName}`, to: paths.becomeSupplier },
  { label: 'About Us', to: paths.about },
];

/** The 'Carts & Lists' menu of signed-in users. */
export const cartsAndListsLinks: ShellLink[] = [
  { label: 'Saved Carts', to: paths.carts },
  { label: 'HubSheets', to: paths.hubsheets },
  { label: 'Orders', to: paths.orders },
];

type AccountLinkKey =
  | 'profile'
  | 'organization'
  | 'orders'
  | 'analytics'
  | 'addressBook'
  | 'discounts'
  | 'invoices'
  | 'paymentMethods'
  | 'admin';

/** An entry of the account menu; `key` lets the menus pick an icon. */
export type AccountLink = ShellLink & { key: AccountLinkKey };

/**
 * The account entries the user may use, in the spec's order for each menu (part 1 §2.2): the desktop
 * menu has no Orders entry (Orders sits under Carts & Lists) and lists Analytics before the Address
 * Book; the slide-out menu has Orders and lists the Address Book first. Buyers also find their
 * Invoices beside Payment Methods.
 */
export function accountLinks(user: CurrentUser, variant: 'desktop' | 'mobile'): AccountLink[] {
  const organization: AccountLink | false = Boolean(user.organizationId && user.organizationSlug) && {
    key: 'organization',
    label: 'Company Profile',
    to: paths.organization(user.organizationSlug ?? ''),
  };
  const analytics: AccountLink | false = user.dashboardAccess && {
    key: 'analytics',
    label: 'Analytics',
    to: paths.analytics,
  };
  const addressBook: AccountLink = { key: 'addressBook', label: 'Address Book', to: paths.addressBook };
  const links: (AccountLink | false)[] = [
    { key: 'profile', label: 'My Profile', to: paths.profile },
    organization,
    ...(variant === 'mobile'
      ? [{ key: 'orders', label: 'Orders', to: paths.orders } as AccountLink, addressBook, analytics]
      : [analytics, addressBook]),
    { key: 'discounts', label: 'Discounts', to: paths.discounts },
    // Invoices are a buyer's bills (issue 18); a supplier-only company receives none.
    Boolean(user.organizationId && user.organizationIsBuyer) && {
      key: 'invoices',
      label: 'Invoices',
      to: paths.invoices(),
    },
    { key: 'paymentMethods', label: 'Payment Methods', to: paths.paymentMethods },
    canUseBeehive(user) && { key: 'admin', label: 'Beehive', to: paths.admin },
  ];
  return links.filter((link): link is AccountLink => Boolean(link));
}

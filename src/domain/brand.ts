/**
 * The product's display name. Every screen, e-mail and document takes it from here so the product can
 * be re-branded in one place; wire values say `platform` instead (DESIGN.md §1).
 */
export const productName = 'Hedgerow';

/** Support contacts shown where the spec asks for the default support e-mail and phone. */
export const supportContact = {
  email: 'support@hedgerow.test',
  phone: '(555) 010-4200',
  phoneHref: 'tel:+15550104200',
} as const;

/**
 * What a signed-in buyer is told about a restricted product: its sale is regulated in some states
 * (invasive-plant lists), so its prices are shown only to the supplier listing it and to staff.
 * The restriction itself, not a sign-in prompt the buyer has already answered.
 */
export const restrictedPriceText = 'Restricted plant: price on request';

export const restrictedProductNotice =
  'Restricted plant: its sale is regulated in some states (invasive-plant lists), so its price is not shown. Add it to a cart and submit it: the supplier confirms whether it can sell it to you, and at what price.';

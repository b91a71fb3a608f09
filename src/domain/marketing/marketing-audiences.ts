/*
 * Who a marketing message is for (spec part 1 §2.1), apart from the messages' schemas
 * (marketing-messages.ts): the dashboard reads these, and its first page builds no zod schema.
 */

export const marketingAudiences = ['all_users', 'activated', 'non_activated', 'suppliers', 'buyers'] as const;
export type MarketingAudience = (typeof marketingAudiences)[number];

export const marketingAudienceLabels: Record<MarketingAudience, string> = {
  all_users: 'All users',
  activated: 'Activated users',
  non_activated: 'Users not yet activated',
  suppliers: 'Suppliers',
  buyers: 'Buyers',
};

/** The card colour of an audience: all_users orange; activated, non_activated and suppliers blue; any other grey. */
export function audienceColor(audience: string): 'orange' | 'blue' | 'gray' {
  if (audience === 'all_users') return 'orange';
  if (audience === 'activated' || audience === 'non_activated' || audience === 'suppliers') return 'blue';
  return 'gray';
}

/** The audiences a user belongs to: everyone, activated or not, supplier or buyer. */
export function audiencesOf(user: { activated: boolean; supplier: boolean }): MarketingAudience[] {
  return [
    'all_users',
    user.activated ? 'activated' : 'non_activated',
    user.supplier ? 'suppliers' : 'buyers',
  ];
}

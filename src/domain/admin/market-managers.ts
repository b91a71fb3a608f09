import { z } from 'zod';
import { recordIdSchema } from '../record-ids';

/** Market managers (issue 20): staff holding the market_manager role, assigned to organisations. */

export const marketManagerOptionSchema = z
  .object({ id: z.number(), fullName: z.string(), email: z.string(), phone: z.string().nullable() })
  .meta({ id: 'MarketManagerOption' });
export type MarketManagerOption = z.infer<typeof marketManagerOptionSchema>;

/** An organisation's assigned market manager; null: its members see the default one. */
export const organizationMarketManagerSchema = z
  .object({ organizationId: z.number(), marketManager: marketManagerOptionSchema.nullable() })
  .meta({ id: 'OrganizationMarketManager' });
export type OrganizationMarketManager = z.infer<typeof organizationMarketManagerSchema>;

export const notAMarketManagerMessage =
  'Choose a market manager: this person does not hold the market_manager role.';

export const assignMarketManagerSchema = z.object({
  userId: recordIdSchema('Choose a market manager').nullable(),
});

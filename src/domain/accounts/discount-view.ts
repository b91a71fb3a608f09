import { z } from 'zod';
import { discountOperators } from '../catalog/pricing';

/** One discount as the discounts page shows it. */
export const discountViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    label: z.string(),
    operator: z.enum(discountOperators),
    value: z.number(),
    supplier: z.object({ id: z.number(), name: z.string() }).nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    status: z.enum(['active', 'scheduled']),
  })
  .meta({ id: 'Discount' });
export type DiscountView = z.infer<typeof discountViewSchema>;

/** `GET /api/v1/discounts`: the organisation's purchase discounts and the platform's open to it. */
export const discountListSchema = z
  .object({ purchaseDiscounts: z.array(discountViewSchema), platformDiscounts: z.array(discountViewSchema) })
  .meta({ id: 'DiscountList' });
export type DiscountList = z.infer<typeof discountListSchema>;

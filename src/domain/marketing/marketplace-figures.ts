import { z } from 'zod';

/** The landing page's figures, counted from the data (suppliers, branches, products in stock, states). */
export const marketplaceFiguresSchema = z
  .object({
    suppliers: z.number().int(),
    branches: z.number().int(),
    products: z.number().int(),
    states: z.number().int(),
  })
  .meta({ id: 'MarketplaceFigures' });
export type MarketplaceFigures = z.infer<typeof marketplaceFiguresSchema>;

import type { Page } from 'playwright-core';

/** Calls the API as a signed-in user from a browser test (setting up carts and orders quickly). */
export async function api<T>(
  page: Page,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A row of GET /api/v1/availabilities as the journeys read it. */
export type AvailabilityRow = {
  branch?: { id: number; name: string };
  branchId?: number;
  productVariantId: number;
  quantity: number;
  ignoreQuantity: boolean;
  priceTiers: { quantityMin: number; price: number }[] | null;
};

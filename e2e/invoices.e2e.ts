import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, signUpThroughApi } from './support/accounts';
import { type AvailabilityRow, api } from './support/api';
import { desktop, launchBrowser, newPage, phone, signInAs } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const shotsDir = '/tmp/shots-invoices';
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}
const today = () => new Date().toISOString().slice(0, 10);
const reviewDir = '/work/wt/shots/h18';
async function reviewShot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(reviewDir, { recursive: true });
  await page.screenshot({ path: path.join(reviewDir, `${name}.png`), fullPage });
}

async function bankAccountShot(page: Page, name: string) {
  fs.mkdirSync('/work/wt/shots/h18s', { recursive: true });
  await page.screenshot({ path: path.join('/work/wt/shots/h18s', `${name}.png`), fullPage: true });
}

/** A pickup order of the demo buyer from Blue Ridge Growers (Hendersonville), named `name`. */
async function submitPickupOrder(page: Page, token: string, name: string, offset: number) {
  const answer = await api<{ results: AvailabilityRow[] } | AvailabilityRow[]>(
    page,
    token,
    'GET',
    '/api/v1/branches/blue-ridge-growers-hendersonville/availabilities',
  );
  const rows = (Array.isArray(answer) ? answer : answer.results).filter(
    (candidate) => candidate.priceTiers?.length && (candidate.ignoreQuantity || candidate.quantity >= 10),
  );
  const row = rows[offset % rows.length];
  const branchId = row?.branch?.id ?? row?.branchId;
  if (!row || !branchId) throw new Error('The demo supplier lists no priced item');
  const cart = await api<{ id: number }>(page, token, 'POST', '/api/v1/carts', { name });
  await api(page, token, 'POST', '/api/v1/cart_items', {
    cartId: cart.id,
    branchId,
    productVariantId: row.productVariantId,
    quantity: 3 + offset,
  });
  const submitted = await api<{ orders: { id: number; branchId: number }[] }>(
    page,
    token,
    'POST',
    `/api/v1/carts/${cart.id}/submit`,
  );
  return submitted.orders[0].id;
}

/** The supplier confirms and fulfils an order (fulfilling invoices it). */
async function confirmAndFulfil(page: Page, token: string, orderId: number) {
  const seen = await api<{ version: number }>(page, token, 'GET', `/api/v1/orders/${orderId}`);
  const confirmed = await api<{ version: number }>(page, token, 'POST', `/api/v1/orders/${orderId}/respond`, {
    version: seen.version,
    respondedWith: 'confirm_order',
  });
  await api(page, token, 'POST', `/api/v1/orders/${orderId}/fulfill`, {
    version: confirmed.version,
    fulfilledOn: today(),
  });
}

describe('invoices and paying them', () => {
  it('two fulfilled orders → two open invoices with PDFs → a new card → both paid with the 3% fee → paid tab, order Paid', async () => {
    const stamp = Date.now().toString(36);
    const jobName = `E2E invoices ${stamp}`;
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const orderIds = [
      await submitPickupOrder(buyer.page, buyerToken, `${jobName} A`, 0),
      await submitPickupOrder(buyer.page, buyerToken, `${jobName} B`, 1),
    ];
    const supplier = await newPage(browser, desktop);
    const supplierToken = await signInAs(supplier.page, 'supplier@demo.hedgerow.test');
    for (const orderId of orderIds) await confirmAndFulfil(supplier.page, supplierToken, orderId);
    await supplier.context.close();

    // The buyer finds the two invoices by the job's name.
    await buyer.page.goto(`/invoices?query=${encodeURIComponent(jobName)}`);
    await buyer.page.waitForLoadState('networkidle');
    const rows = buyer.page.getByTestId('invoice-row');
    await expect.poll(() => rows.count()).toBe(2);
    await shot(buyer.page, 'invoices-1280');
    const invoices = await api<{ results: { id: number; amountDue: number; invoicePdfUrl: string }[] }>(
      buyer.page,
      buyerToken,
      'GET',
      `/api/v1/invoices?query=${encodeURIComponent(jobName)}`,
    );
    for (const invoice of invoices.results) {
      const pdf = await buyer.page.request.get(invoice.invoicePdfUrl, {
        headers: { Authorization: `Bearer ${buyerToken}` },
      });
      expect(pdf.headers()['content-type']).toBe('application/pdf');
    }
    // Both in one PDF from the page.
    await buyer.page.getByTestId('select-all').click();
    const [download] = await Promise.all([
      buyer.page.waitForEvent('download'),
      buyer.page.getByRole('button', { name: 'Download 2 Selected PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Invoices (2).pdf');

    // The order page tells the buyer its invoice's status, with the PDF and the way to pay it.
    await buyer.page.goto(`/orders/${orderIds[0]}`);
    const invoiceCard = buyer.page.getByTestId('order-invoice');
    await expect
      .poll(() => invoiceCard.getByTestId('invoice-status').textContent())
      .toContain('Payment Requested');
    await invoiceCard.getByRole('link', { name: 'Pay on the Invoices page' }).waitFor();
    await buyer.page.waitForLoadState('networkidle');
    await reviewShot(buyer.page, 'order-invoice-requested-1280');

    // A new card through the sandbox form, then back to pay.
    await buyer.page.goto('/payment_methods/credit-card');
    await buyer.page.getByTestId('sandbox-notice').waitFor();
    await chooseOption(buyer.page, 'Sandbox test card', 'Mastercard ending in 4444 (succeeds)');
    await buyer.page.getByRole('button', { name: 'Save card' }).click();
    await buyer.page.waitForURL(/\/payment_methods$/);
    await buyer.page.getByText('Mastercard ending in 4444').waitFor();

    await buyer.page.goto(`/invoices?query=${encodeURIComponent(jobName)}`);
    await expect.poll(() => rows.count()).toBe(2);
    await buyer.page.getByTestId('select-all').click();
    await buyer.page.getByRole('button', { name: 'Pay for 2 Selected Invoice' }).click();
    await buyer.page.waitForURL(/\/invoices\/payment\?invoiceIds=/);
    await buyer.page.getByRole('radio', { name: /Mastercard ending in 4444/ }).check();
    const subtotal = invoices.results.reduce((sum, invoice) => sum + invoice.amountDue, 0);
    const fee = invoices.results.reduce((sum, invoice) => sum + Math.round(invoice.amountDue * 0.03), 0);
    const money = (cents: number) =>
      (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    await buyer.page.getByText('3% service fee applies to credit card transactions').waitFor();
    expect(await buyer.page.getByTestId('payment-total').textContent()).toBe(money(subtotal + fee));
    expect(await buyer.page.getByTestId('payment-totals').textContent()).toContain('Incl. CC Fee');
    await shot(buyer.page, 'invoice-payment-1280');
    await buyer.page.getByRole('button', { name: `Pay ${money(subtotal + fee)}` }).click();
    await buyer.page.getByRole('button', { name: 'Confirm payment' }).click();
    await buyer.page.getByTestId('payment-receipt').waitFor();
    expect(await buyer.page.getByTestId('receipt-total').textContent()).toBe(money(subtotal + fee));
    await shot(buyer.page, 'payment-receipt-1280');

    await buyer.page.getByRole('link', { name: 'View paid invoices' }).click();
    await buyer.page.waitForURL(/tab=paid/);
    await buyer.page.getByRole('textbox', { name: 'Search' }).fill(jobName);
    await expect.poll(() => rows.count()).toBe(2);
    await buyer.page.goto(`/orders/${orderIds[0]}`);
    await expect.poll(() => buyer.page.getByTestId('order-state-badge').textContent()).toBe('Paid');
    await expect.poll(() => invoiceCard.getByTestId('invoice-status').textContent()).toBe('Paid');
    await buyer.page.waitForLoadState('networkidle');
    await reviewShot(buyer.page, 'order-invoice-paid-1280');
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();

    // The dashboard on a phone: cards, not a wide table.
    const small = await newPage(browser, phone);
    await signInAs(small.page, 'buyer@demo.hedgerow.test');
    await small.page.goto(`/orders/${orderIds[0]}`);
    await small.page.getByTestId('order-invoice').waitFor();
    await small.page.waitForLoadState('networkidle');
    await reviewShot(small.page, 'order-invoice-paid-390');
    await small.page.goto('/invoices?tab=paid');
    await small.page.waitForLoadState('networkidle');
    await small.page.getByTestId('invoice-row').first().waitFor();
    const width = await small.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(small.page, 'invoices-390');
    await small.context.close();
  });

  it('a bank account that needs verification leaves its payment Payment Processing until verified', async () => {
    const stamp = Date.now().toString(36);
    const jobName = `E2E ach ${stamp}`;
    const buyer = await newPage(browser, desktop);
    const buyerToken = await signInAs(buyer.page, 'buyer@demo.hedgerow.test');
    const orderId = await submitPickupOrder(buyer.page, buyerToken, jobName, 2);
    const supplier = await newPage(browser, desktop);
    const supplierToken = await signInAs(supplier.page, 'supplier@demo.hedgerow.test');
    await confirmAndFulfil(supplier.page, supplierToken, orderId);
    await supplier.context.close();

    // The bank account is added on its page, as a buyer does (the sandbox's test account here).
    for (const [viewport, name] of [
      [phone, 'bank-account-390'],
      [desktop, 'bank-account-1280'],
    ] as const) {
      const look = await newPage(browser, viewport);
      await signInAs(look.page, 'buyer@demo.hedgerow.test');
      await look.page.goto('/payment_methods/bank_account');
      await look.page.getByTestId('sandbox-token').waitFor();
      await look.page.waitForLoadState('networkidle');
      expect(await look.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await bankAccountShot(look.page, name);
      expect(look.problems).toEqual([]);
      await look.context.close();
    }
    const before = await api<{ results: { id: number }[] }>(
      buyer.page,
      buyerToken,
      'GET',
      '/api/v1/payment_methods',
    );
    await buyer.page.goto('/payment_methods/bank_account');
    await buyer.page.getByRole('button', { name: 'Save bank account' }).click();
    await buyer.page.getByTestId('payment-methods-page').waitFor();
    const after = await api<{ results: { id: number; paymentType: string; pendingVerification: boolean }[] }>(
      buyer.page,
      buyerToken,
      'GET',
      '/api/v1/payment_methods',
    );
    const bank = after.results.find((method) => !before.results.some((old) => old.id === method.id));
    expect(bank).toMatchObject({ paymentType: 'bank_account', pendingVerification: true });
    const [invoice] = (
      await api<{ results: { id: number }[] }>(
        buyer.page,
        buyerToken,
        'GET',
        `/api/v1/invoices?query=${encodeURIComponent(jobName)}`,
      )
    ).results;
    await buyer.page.goto(`/invoices/payment?invoiceIds=${invoice.id}`);
    await buyer.page.getByRole('radio', { name: /Bank Account \(ACH\)/ }).check();
    expect(await buyer.page.getByTestId('card-fee').count()).toBe(0);
    await buyer.page.getByRole('button', { name: /^Pay \$/ }).click();
    await buyer.page.getByRole('button', { name: 'Confirm payment' }).click();
    await buyer.page.getByTestId('payment-receipt').waitFor();
    expect(await buyer.page.getByTestId('payment-receipt').textContent()).toContain('Payment processing');

    await buyer.page.goto(`/invoices?query=${encodeURIComponent(jobName)}`);
    const row = buyer.page.getByTestId('invoice-row');
    await expect.poll(() => row.getByTestId('invoice-status').textContent()).toContain('Payment Processing');
    expect(await row.getByRole('button', { name: 'Pay Invoice' }).count()).toBe(0);

    // Verifying the deposits on the payment methods page settles it.
    await buyer.page.goto('/payment_methods');
    const form = buyer.page
      .locator(`[data-testid="payment-method"]`)
      .filter({ has: buyer.page.getByTestId('verify-form') })
      .last();
    await form.getByLabel('Deposit 1 (cents)').fill('32');
    await form.getByLabel('Deposit 2 (cents)').fill('45');
    await form.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => buyer.page.getByTestId('verify-form').count()).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await api<{ results: { id: number; paymentStatus: string }[] }>(
              buyer.page,
              buyerToken,
              'GET',
              `/api/v1/invoices?status=paid&query=${encodeURIComponent(jobName)}`,
            )
          ).results.length,
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(bank?.id).toBeGreaterThan(0);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });

  it('a buyer without a payment method submits → Needs Payment Info with the contact-support wording and an inbox message → adds a card → the order goes to the supplier; staff grant trade credit', async () => {
    const stamp = Date.now().toString(36);
    const buyer = await newPage(browser, desktop);
    const signedUp = await signUpThroughApi(buyer.page, 'Noel');
    const admin = await newPage(browser, desktop);
    const adminToken = await signInAs(admin.page, 'admin@demo.hedgerow.test');
    const me = await api<{ id: number; organizationId: number }>(
      buyer.page,
      signedUp.token,
      'GET',
      '/api/v1/users/current',
    );
    await api(admin.page, adminToken, 'PATCH', `/api/internal/users/${me.id}`, { status: 'approved' });
    const buyerToken = await signInAs(buyer.page, signedUp.email);
    const orderId = await submitPickupOrder(buyer.page, buyerToken, `E2E no card ${stamp}`, 3);

    await buyer.page.goto(`/orders/${orderId}`);
    await expect
      .poll(() => buyer.page.getByTestId('order-state-badge').textContent())
      .toBe('Needs Payment Info');
    await buyer.page.getByText('Contact support to add payment information').first().waitFor();
    await buyer.page.getByTestId('order-needs-payment').waitFor();
    await buyer.page.waitForLoadState('networkidle');
    await reviewShot(buyer.page, 'order-needs-payment-1280');

    await buyer.page.goto('/messages');
    await buyer.page
      .getByText(/is waiting for a payment method/)
      .first()
      .waitFor();

    // The account menu lists Invoices beside Payment Methods.
    await buyer.page.getByTestId('account-menu').click();
    await buyer.page.getByRole('menuitem', { name: 'Invoices' }).waitFor();
    await buyer.page.waitForTimeout(400); // the menu's opening transition
    await reviewShot(buyer.page, 'account-menu-1280', false);
    await buyer.page.keyboard.press('Escape');

    // The notice's button leads to the card form; saving a card sends the order on.
    await buyer.page.goto(`/orders/${orderId}`);
    await buyer.page.getByRole('link', { name: 'Add Payment Method' }).click();
    await buyer.page.waitForURL(/\/payment_methods/);
    await buyer.page.goto('/payment_methods/credit-card');
    await buyer.page.getByTestId('sandbox-notice').waitFor();
    await chooseOption(buyer.page, 'Sandbox test card', 'Mastercard ending in 4444 (succeeds)');
    await buyer.page.getByRole('button', { name: 'Save card' }).click();
    await buyer.page.waitForURL(/\/payment_methods$/);
    await buyer.page.goto(`/orders/${orderId}`);
    await expect
      .poll(() => buyer.page.getByTestId('order-state-badge').textContent())
      .not.toBe('Needs Payment Info');
    expect(await buyer.page.getByTestId('order-needs-payment').count()).toBe(0);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();

    // Beehive: staff grant the company Net 30.
    await admin.page.goto(`/admin/organizations/${me.organizationId}/edit`);
    const card = admin.page.getByTestId('trade-credit-card');
    await card.waitFor();
    expect(await admin.page.getByTestId('trade-credit-current').textContent()).toBe('Due on receipt');
    await card.getByText('Net 30').click();
    await card.getByRole('button', { name: 'Grant trade credit' }).click();
    await expect
      .poll(() => admin.page.getByTestId('trade-credit-current').textContent())
      .toBe('Trade Credit (Net 30)');
    await admin.page.waitForLoadState('networkidle');
    await reviewShot(admin.page, 'beehive-trade-credit-1280');
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    // The phone's slide-out menu lists Invoices too; the Beehive control fits a phone.
    const small = await newPage(browser, phone);
    await signInAs(small.page, signedUp.email);
    await small.page.goto(`/orders/${orderId}`);
    await small.page.getByTestId('order-state-badge').waitFor();
    await small.page.getByTestId('mobile-menu-button').click();
    await small.page.getByText('My Account', { exact: true }).first().click();
    await small.page.getByRole('link', { name: 'Invoices' }).waitFor();
    await reviewShot(small.page, 'mobile-menu-390', false);
    await small.context.close();
    const smallAdmin = await newPage(browser, phone);
    await signInAs(smallAdmin.page, 'admin@demo.hedgerow.test');
    await smallAdmin.page.goto(`/admin/organizations/${me.organizationId}/edit`);
    await smallAdmin.page.getByTestId('trade-credit-card').waitFor();
    await smallAdmin.page.waitForLoadState('networkidle');
    await reviewShot(smallAdmin.page, 'beehive-trade-credit-390');
    await smallAdmin.context.close();
  });
});

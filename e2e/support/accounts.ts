import type { Page } from 'playwright-core';
import { demoPassword, uniqueEmail } from './browser';

/** Creates a fresh signed-up user through the API (with the company it names) and returns its e-mail. */
export async function signUpThroughApi(page: Page, firstName = 'Riley') {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await page.request.post('/api/v1/invite_requests', {
    timeout: 120_000,
    data: {
      firstName,
      lastName: 'Tester',
      email,
      phone: '(704) 555-0123',
      password: demoPassword,
      postalCode: '28202',
      companyName: `${firstName} Grounds`,
      companyType: 'Landscape Contractor',
      companySize: '1-5',
      projectTypes: ['Residential Enhancements'],
      roles: ['Owner'],
    },
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { email, token };
}

/** Mantine's Select is a combobox: open it by label, pick the option. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page
    .getByRole('combobox', { name: new RegExp(`^${label}`) })
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the sign-up form of someone creating a new company: a landscape contractor and its owner. */
export async function fillNewCompanySignUp(
  page: Page,
  person: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    company: string;
    size: string;
  },
) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page
    .getByRole('main')
    .getByLabel(/^Email/)
    .fill(person.email);
  await page.getByLabel('Phone', { exact: false }).first().fill(person.phone);
  await page.getByRole('main').locator('input[type="password"]').fill('a strong password 1');
  await page.getByLabel('Zip or postal code').fill('28202');
  await page.getByLabel('Company name').fill(person.company);
  await chooseOption(page, 'Company type', 'Landscape Contractor');
  await chooseOption(page, 'Company size', person.size);
  await page
    .getByRole('group', { name: /^Project types/ })
    .getByLabel('Commercial Construction')
    .check();
  await page
    .getByRole('group', { name: /^Your roles/ })
    .getByLabel('Owner')
    .check();
}

/** A new user's home opens with the new-user survey over it; closes it (recorded as dismissed). */
export async function closeNewUserSurvey(page: Page) {
  await page.getByTestId('new-user-survey').getByText('What brings you to Hedgerow today?').waitFor();
  await page.getByRole('button', { name: 'Close survey' }).click();
  await page.getByTestId('new-user-survey').waitFor({ state: 'detached' });
}

/**
 * A signed-up user without a company: sign-up always creates or joins one, so this one asks to join a
 * demo company and staff decline the request.
 */
export async function signUpWithoutCompany(page: Page, firstName = 'Casey') {
  const email = uniqueEmail(firstName.toLowerCase());
  const lookup = await page.request.get('/api/v1/organizations/lookup?name=Fresh%20Start%20Gardens');
  const [company] = ((await lookup.json()) as { results: { id: number }[] }).results;
  const response = await page.request.post('/api/v1/invite_requests', {
    data: {
      firstName,
      lastName: 'Tester',
      email,
      phone: '(704) 555-0123',
      password: demoPassword,
      postalCode: '28202',
      orgUsesLH: true,
      organizationId: company.id,
      // Answered, so the home page's complete-profile modal stays away.
      companyName: 'Fresh Start Gardens',
      companyType: 'Landscape Contractor',
      companySize: '1-5',
      projectTypes: ['Residential Enhancements'],
      roles: ['Owner'],
    },
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { token, user } = (await response.json()) as { token: string; user: { id: number } };
  const admin = await page.request.post('/api/v1/sessions', {
    data: { email: 'admin@demo.hedgerow.test', password: demoPassword },
  });
  const adminToken = ((await admin.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${adminToken}` };
  const people = await page.request.get(`/api/v1/organizations/${company.id}/people`, { headers });
  const { joinRequests } = (await people.json()) as { joinRequests: { id: number; userId: number }[] };
  const request = joinRequests.find((r) => r.userId === user.id);
  const declined = await page.request.post(
    `/api/v1/organizations/${company.id}/join_requests/${request?.id}/decline`,
    { headers },
  );
  if (declined.status() !== 204) throw new Error(`decline failed: ${declined.status()}`);
  return { email, token };
}

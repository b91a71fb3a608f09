import type { Page } from 'playwright-core';
import { demoPassword, uniqueEmail } from './browser';

/** Creates a fresh signed-up user through the API (no company yet) and returns its e-mail. */
export async function signUpThroughApi(page: Page, firstName = 'Riley') {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await page.request.post('/api/v1/invite_requests', {
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

/** A new user's home opens with the new-user survey over it; closes it (recorded as dismissed). */
export async function closeNewUserSurvey(page: Page) {
  await page.getByTestId('new-user-survey').getByText('What brings you to Hedgerow today?').waitFor();
  await page.getByRole('button', { name: 'Close survey' }).click();
  await page.getByTestId('new-user-survey').waitFor({ state: 'detached' });
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SurveyAnswerView,
  surveyDismissedAnswer,
  surveyQuestion,
} from '../../../domain/users/new-user-survey';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { users } from './users.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id));
});
afterAll(() => t.close());

async function newUser() {
  const user = await insertUser(t.db, { showNewUserSurvey: true, activated: false });
  return { user, headers: bearer(await tokenFor(t.db, user.id)) };
}

const showsSurvey = async (userId: number) =>
  (await t.db.select({ show: users.showNewUserSurvey }).from(users).where(eq(users.id, userId)))[0].show;

describe('POST /api/v1/survey_answers', () => {
  it('stores the answer with its intent, stops showing the survey, and shows it to admins', async () => {
    const { user, headers } = await newUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/survey_answers',
      headers,
      payload: {
        question: surveyQuestion,
        answer: "I'm looking for new suppliers",
        intent: 'Supplier Search',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await showsSurvey(user.id)).toBe(false);
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers });
    expect(current.json<{ showNewUserSurvey: boolean }>().showNewUserSurvey).toBe(false);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/internal/users/${user.id}/survey_answers`,
      headers: admin,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ results: SurveyAnswerView[] }>().results).toMatchObject([
      { question: surveyQuestion, answer: "I'm looking for new suppliers", intent: 'Supplier Search' },
    ]);
  });

  it("records closing the survey as 'User dismissed survey'", async () => {
    const { user, headers } = await newUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/survey_answers',
      headers,
      payload: { question: surveyQuestion, answer: surveyDismissedAnswer, intent: null },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SurveyAnswerView>()).toMatchObject({
      answer: 'User dismissed survey',
      intent: null,
    });
    expect(await showsSurvey(user.id)).toBe(false);
  });

  it('refuses an answer without a choice or with an unknown intent, and keeps the survey', async () => {
    const { user, headers } = await newUser();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/survey_answers',
      headers,
      payload: { question: surveyQuestion, answer: ' ', intent: 'Logistics' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: Record<string, string> }>().fields.answer).toBe(
      'Choose what brings you to Hedgerow',
    );
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/survey_answers',
      headers,
      payload: { question: surveyQuestion, answer: 'Something', intent: 'Gardening' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await showsSurvey(user.id)).toBe(true);
  });

  it('needs a sign-in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/survey_answers',
      payload: { question: surveyQuestion, answer: 'x', intent: 'Other' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/internal/users/{id}/survey_answers', () => {
  it('is for admins only, and answers 404 for an unknown user', async () => {
    const { user, headers } = await newUser();
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/internal/users/${user.id}/survey_answers`,
      headers,
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/internal/users/99999999/survey_answers',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});

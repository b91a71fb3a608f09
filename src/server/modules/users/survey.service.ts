import type { SurveyAnswerView } from '../../../domain/users/new-user-survey';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import * as audit from '../audit/audit.service';
import * as repo from './survey.repository';
import * as users from './users.service';

const view = (row: repo.SurveyAnswerRow): SurveyAnswerView => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  intent: row.intent,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Stores the caller's survey answer (or dismissal) and stops showing them the survey, in one
 * transaction, so an answer is never recorded without the survey going away or the other way round.
 */
export async function answerSurvey(
  db: Db,
  caller: Caller,
  input: { question: string; answer: string; intent?: string | null },
) {
  return db.transaction(async (tx) => {
    const row = await repo.insertSurveyAnswer(tx, {
      userId: caller.user.id,
      question: input.question,
      answer: input.answer,
      intent: input.intent ?? null,
    });
    await users.updateUser(tx, caller.user.id, { showNewUserSurvey: false });
    await audit.recordEvent(tx, actorOf(caller), { type: 'user', id: caller.user.id }, 'survey_answered', {
      answer: input.answer,
      intent: input.intent ?? null,
    });
    return view(row);
  });
}

/** A user's survey answers, newest first (Beehive's user page); 404 for an unknown user. */
export async function listSurveyAnswers(db: Executor, userId: number) {
  await users.getUserOrThrow(db, userId);
  return { results: (await repo.listSurveyAnswersOfUser(db, userId)).map(view) };
}

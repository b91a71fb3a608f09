import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { surveyAnswers } from './survey.tables';

export type SurveyAnswerRow = typeof surveyAnswers.$inferSelect;

export async function insertSurveyAnswer(db: Executor, values: typeof surveyAnswers.$inferInsert) {
  const [row] = await db.insert(surveyAnswers).values(values).returning();
  return row;
}

export async function listSurveyAnswersOfUser(db: Executor, userId: number) {
  return db
    .select()
    .from(surveyAnswers)
    .where(eq(surveyAnswers.userId, userId))
    .orderBy(desc(surveyAnswers.createdAt), desc(surveyAnswers.id));
}

import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { users } from './users.tables';

/** What a new user answered to the new-user survey (or that they closed it), spec part 1 §2.7. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    intent: text('intent'),
  },
  (t) => [index('survey_answers_user_idx').on(t.userId, t.createdAt)],
);

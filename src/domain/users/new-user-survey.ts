import { z } from 'zod';
import { type SurveyIntent, surveyIntents } from '../accounts/options';

/** The new-user survey (spec part 1 §2.7): one question, nine answers, each tied to one of eight intents. */
export const surveyQuestion = 'What brings you to Hedgerow today?';

/** The answers offered, in the order shown. Product Search has two ways in. */
export const surveyAnswers: readonly { answer: string; intent: SurveyIntent }[] = [
  { answer: 'I need to order material for a job', intent: 'Order Material' },
  { answer: "I'm exploring what's available", intent: 'Search and Exploration' },
  { answer: "I'm looking for new suppliers", intent: 'Supplier Search' },
  { answer: 'I need to put together a quote', intent: 'Create a Quote' },
  { answer: 'I need help with delivery or freight', intent: 'Logistics' },
  { answer: "I'm looking for a specific plant or product", intent: 'Product Search' },
  { answer: "I'm checking prices and availability", intent: 'Product Search' },
  { answer: "I'm a supplier and want to sell on Hedgerow", intent: 'Supplier Signup' },
  { answer: 'Something else', intent: 'Other' },
];

/** What closing the survey without answering records (spec part 1 §4). */
export const surveyDismissedAnswer = 'User dismissed survey';

export const surveyChoiceRequiredMessage = 'Choose what brings you to Hedgerow';

/** One survey submission: the question, the answer (or the dismissal) and the intent it stands for. */
export const surveyAnswerSchema = z.object({
  question: z
    .string({ error: 'Enter a question for this survey answer' })
    .trim()
    .min(1, { error: 'Enter a question for this survey answer' })
    .max(500, { error: 'Limit question to 500 characters' }),
  answer: z
    .string({ error: surveyChoiceRequiredMessage })
    .trim()
    .min(1, { error: surveyChoiceRequiredMessage })
    .max(500, { error: 'Limit answer to 500 characters' }),
  intent: z.enum(surveyIntents, { error: surveyChoiceRequiredMessage }).nullish(),
});
export type SurveyAnswerInput = z.input<typeof surveyAnswerSchema>;

/** A stored answer as admins see it. */
export const surveyAnswerViewSchema = z
  .object({
    id: z.number(),
    question: z.string(),
    answer: z.string(),
    intent: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'SurveyAnswer' });
export type SurveyAnswerView = z.infer<typeof surveyAnswerViewSchema>;

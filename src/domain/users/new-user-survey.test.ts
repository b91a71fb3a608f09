import { describe, expect, it } from 'vitest';
import { surveyIntents } from '../accounts/options';
import { surveyAnswerSchema, surveyAnswers } from './new-user-survey';

describe('the new-user survey', () => {
  it('offers 9 answers that cover every one of the 8 intents', () => {
    expect(surveyAnswers).toHaveLength(9);
    expect(new Set(surveyAnswers.map((option) => option.intent))).toEqual(new Set(surveyIntents));
  });

  it('accepts a dismissal without an intent and refuses an empty answer', () => {
    expect(
      surveyAnswerSchema.safeParse({ question: 'Q', answer: 'User dismissed survey', intent: null }).success,
    ).toBe(true);
    const empty = surveyAnswerSchema.safeParse({ question: 'Q', answer: '  ', intent: 'Other' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe('Choose what brings you to Hedgerow');
  });
});

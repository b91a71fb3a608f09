import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOf, api } from '../../../api/api';
import type { components } from '../../../api/generated/openapi';

/** One answer a user gave to the new-user survey. */
export type SurveyAnswer = components['schemas']['SurveyAnswer'];

export const getSurveyAnswersQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'survey-answers'],
    queryFn: ({ signal }) =>
      answerOf(
        api.GET('/api/internal/users/{id}/survey_answers', { params: { path: { id: userId } }, signal }),
      ),
  });

export const useSurveyAnswers = (userId: number) => useQuery(getSurveyAnswersQueryOptions(userId));

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdParam } from '../../../domain/record-ids';
import { surveyAnswerSchema, surveyAnswerViewSchema } from '../../../domain/users/new-user-survey';
import { requireAuth, requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import * as survey from './survey.service';

const userParams = z.object({ id: recordIdParam('Choose a user') });

/** The new-user survey (spec part 1 §2.7): answers from users, read by admins. */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/api/v1/survey_answers',
    {
      schema: {
        tags: ['users'],
        body: surveyAnswerSchema,
        response: answers({ 201: surveyAnswerViewSchema }, 400, 401),
      },
    },
    async (request, reply) => {
      const caller = await requireAuth(request);
      return reply.status(201).send(await survey.answerSurvey(deps.db, caller, request.body));
    },
  );

  app.get(
    '/api/internal/users/:id/survey_answers',
    {
      config: { permission: 'view_users' },
      schema: {
        tags: ['admin'],
        params: userParams,
        response: answers(
          { 200: z.object({ results: z.array(surveyAnswerViewSchema) }) },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request) => {
      await requirePermission(request, 'view_users');
      return survey.listSurveyAnswers(deps.db, request.params.id);
    },
  );
};

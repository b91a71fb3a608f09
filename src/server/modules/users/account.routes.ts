import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressBookEntrySchema,
  addressBookEntryViewSchema,
} from '../../../domain/accounts/address-book-schema';
import { discountListSchema } from '../../../domain/accounts/discount-view';
import { preferencesPatchSchema, userPreferencesSchema } from '../../../domain/accounts/preferences-schema';
import { recordIdParam } from '../../../domain/record-ids';
import { requireAuth } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import { listEnvelopeSchema } from '../../http/list';
import * as account from './account.service';

const idParams = z.object({ id: recordIdParam() });

/** The account area: address book, preferences, discounts (issue 7). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/api/v1/addresses',
    {
      schema: {
        tags: ['account'],
        response: answers({ 200: listEnvelopeSchema(addressBookEntryViewSchema) }, 401),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      const results = await account.listAddressBook(deps.db, caller);
      return { results, totalCount: results.length, currentPage: 1, totalPages: 1 };
    },
  );

  app.post(
    '/api/v1/addresses',
    {
      schema: {
        tags: ['account'],
        body: addressBookEntrySchema,
        response: answers({ 201: addressBookEntryViewSchema }, 400, 401),
      },
    },
    async (request, reply) => {
      const caller = await requireAuth(request);
      return reply.status(201).send(await account.createAddressBookEntry(deps.db, caller, request.body));
    },
  );

  app.get(
    '/api/v1/addresses/:id',
    {
      schema: {
        tags: ['account'],
        params: idParams,
        response: answers({ 200: addressBookEntryViewSchema }, 400, 401, 404),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      const row = await account.getAddressBookEntryOrThrow(deps.db, caller, request.params.id);
      return account.addressBookEntryView(row);
    },
  );

  app.patch(
    '/api/v1/addresses/:id',
    {
      schema: {
        tags: ['account'],
        params: idParams,
        body: addressBookEntrySchema,
        response: answers({ 200: addressBookEntryViewSchema }, 400, 401, 404),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      return account.updateAddressBookEntry(deps.db, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/v1/addresses/:id',
    { schema: { tags: ['account'], params: idParams, response: answers({ 204: noContent }, 400, 401, 404) } },
    async (request, reply) => {
      const caller = await requireAuth(request);
      await account.deleteAddressBookEntry(deps.db, caller, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/users/current/preferences',
    { schema: { tags: ['account'], response: answers({ 200: userPreferencesSchema }, 401) } },
    async (request) => {
      const caller = await requireAuth(request);
      return account.getPreferences(deps.db, caller);
    },
  );

  app.patch(
    '/api/v1/users/current/preferences',
    {
      schema: {
        tags: ['account'],
        body: preferencesPatchSchema,
        response: answers({ 200: userPreferencesSchema }, 400, 401),
      },
    },
    async (request) => {
      const caller = await requireAuth(request);
      return account.updatePreferences(deps.db, caller, request.body);
    },
  );

  app.get(
    '/api/v1/discounts',
    { schema: { tags: ['account'], response: answers({ 200: discountListSchema }, 401) } },
    async (request) => {
      const caller = await requireAuth(request);
      return account.listDiscounts(deps.db, caller);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressBookEntrySchema } from '../../../domain/accounts/address-book-schema';
import { preferencesPatchSchema } from '../../../domain/accounts/preferences-schema';
import { recordIdParam } from '../../../domain/record-ids';
import { requireAuth } from '../../http/auth';
import * as account from './account.service';

const idParams = z.object({ id: recordIdParam() });

/** The account area: address book, preferences, discounts (issue 7). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/v1/addresses', { schema: { tags: ['account'] } }, async (request) => {
    const caller = await requireAuth(request);
    const results = await account.listAddressBook(deps.db, caller);
    return { results, totalCount: results.length, currentPage: 1, totalPages: 1 };
  });

  app.post(
    '/api/v1/addresses',
    { schema: { tags: ['account'], body: addressBookEntrySchema } },
    async (request, reply) => {
      const caller = await requireAuth(request);
      return reply.status(201).send(await account.createAddressBookEntry(deps.db, caller, request.body));
    },
  );

  app.get('/api/v1/addresses/:id', { schema: { tags: ['account'], params: idParams } }, async (request) => {
    const caller = await requireAuth(request);
    const row = await account.getAddressBookEntryOrThrow(deps.db, caller, request.params.id);
    return account.addressBookEntryView(row);
  });

  app.patch(
    '/api/v1/addresses/:id',
    { schema: { tags: ['account'], params: idParams, body: addressBookEntrySchema } },
    async (request) => {
      const caller = await requireAuth(request);
      return account.updateAddressBookEntry(deps.db, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/v1/addresses/:id',
    { schema: { tags: ['account'], params: idParams } },
    async (request, reply) => {
      const caller = await requireAuth(request);
      await account.deleteAddressBookEntry(deps.db, caller, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/v1/users/current/preferences', { schema: { tags: ['account'] } }, async (request) => {
    const caller = await requireAuth(request);
    return account.getPreferences(deps.db, caller);
  });

  app.patch(
    '/api/v1/users/current/preferences',
    { schema: { tags: ['account'], body: preferencesPatchSchema } },
    async (request) => {
      const caller = await requireAuth(request);
      return account.updatePreferences(deps.db, caller, request.body);
    },
  );

  app.get('/api/v1/discounts', { schema: { tags: ['account'] } }, async (request) => {
    const caller = await requireAuth(request);
    return account.listDiscounts(deps.db, caller);
  });
};

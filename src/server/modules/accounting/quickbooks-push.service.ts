import { billAccount, linesToTotal } from '../../../domain/accounting/qbo-csv';
import {
  type QuickBooksPush,
  quickbooksNotConnectedMessage,
  quickbooksSalesItem,
} from '../../../domain/accounting/quickbooks-link';
import type { Caller } from '../../core/caller';
import type { Clock } from '../../core/clock';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import type { JobContext, JobQueue, JobSender } from '../../jobs/job-queue';
import * as exportRows from '../../read-models/accounting-export';
import * as repo from './accounting.repository';
import { connectedCompany, type QuickBooksLink } from './quickbooks-connection.service';
import type { QuickBooksCompany } from './quickbooks-online';

export const quickbooksPushQueue = 'quickbooks-push';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function pushView(row: repo.PushRow): QuickBooksPush {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    total: row.total,
    invoicesPushed: row.invoicesPushed,
    billsPushed: row.billsPushed,
    error: row.error,
  };
}

export async function lastPushView(db: Executor) {
  const row = await repo.findLatestPush(db);
  return row ? pushView(row) : null;
}

export async function getPush(db: Executor, id: number) {
  const row = await repo.findPush(db, id);
  if (!row) throw new AppError('not_found', 'Push not found');
  return pushView(row);
}

/**
 * 'Push now': queues a push of the invoices and supplier bills not yet in QuickBooks (the job exists
 * only if the push row does). A push already waiting or running is answered instead of a second.
 */
export async function requestPush(db: Db, jobs: JobSender, caller: Caller, now: Date) {
  return db.transaction(async (tx) => {
    if (!(await repo.findConnection(tx))) {
      throw new AppError('conflict', quickbooksNotConnectedMessage, { code: 'quickbooks_not_connected' });
    }
    const unfinished = await repo.findUnfinishedPush(tx);
    if (unfinished) return pushView(unfinished);
    const push = await repo.insertPush(tx, {
      status: 'queued',
      requestedByUserId: caller.user.id,
      requestedAt: now,
    });
    await jobs.send(quickbooksPushQueue, { pushId: push.id }, { db: tx });
    return pushView(push);
  });
}

/** Customers and vendors by name, found (or created) once per push. */
class PartyIds {
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly link: QuickBooksLink,
    private readonly company: QuickBooksCompany,
    private readonly entity: 'Customer' | 'Vendor',
  ) {}

  async of(name: string) {
    const known = this.ids.get(name);
    if (known) return known;
    const found =
      (await this.link.adapter.findByName(this.company, this.entity, name)) ??
      (await this.link.adapter.createParty(this.company, this.entity, name));
    this.ids.set(name, found.id);
    return found.id;
  }
}

async function requiredId(
  link: QuickBooksLink,
  company: QuickBooksCompany,
  entity: 'Item' | 'Account',
  name: string,
) {
  const found = await link.adapter.findByName(company, entity, name);
  if (!found) {
    const what = entity === 'Item' ? 'product/service' : 'account';
    throw new Error(`QuickBooks has no ${what} named '${name}': add it in QuickBooks, then push again.`);
  }
  return found.id;
}

/**
 * Pushes what is new since the last push (whatever is not recorded as pushed to this company): each invoice, then each supplier bill, recorded
 * as soon as QuickBooks has it. A record QuickBooks already holds (a try that died after sending it)
 * is found by its document number and recorded rather than sent again, so a retry pushes nothing twice.
 */
export async function runPush(db: Db, link: QuickBooksLink, clock: Clock, pushId: number) {
  const push = await repo.findPush(db, pushId);
  if (!push || push.status === 'succeeded') return;
  await repo.updatePush(db, pushId, { status: 'running', startedAt: clock.now(), error: null });
  const company = await connectedCompany(db, link, clock.now());
  const invoices = await exportRows.listUnpushedInvoices(db, company.realmId);
  const bills = await exportRows.listUnpushedBills(db, company.realmId);
  await repo.updatePush(db, pushId, {
    total: invoices.length + bills.length,
    invoicesPushed: 0,
    billsPushed: 0,
  });
  if (invoices.length > 0) {
    const customers = new PartyIds(link, company, 'Customer');
    const itemId = await requiredId(link, company, 'Item', quickbooksSalesItem);
    for (const invoice of invoices) {
      const existing = await link.adapter.findDocument(company, 'Invoice', invoice.invoiceNumber);
      const pushed =
        existing ??
        (await link.adapter.pushInvoice(
          company,
          { ...invoice, lines: linesToTotal(invoice) },
          { customerId: await customers.of(invoice.customer), itemId },
        ));
      await recordPushed(db, pushId, company.realmId, 'invoice', invoice.invoiceNumber, pushed.id);
    }
  }
  if (bills.length > 0) {
    const vendors = new PartyIds(link, company, 'Vendor');
    const accountId = await requiredId(link, company, 'Account', billAccount);
    for (const bill of bills) {
      const existing = await link.adapter.findDocument(company, 'Bill', bill.billNumber);
      const pushed =
        existing ??
        (await link.adapter.pushBill(company, bill, {
          vendorId: await vendors.of(bill.supplier),
          accountId,
        }));
      await recordPushed(db, pushId, company.realmId, 'bill', bill.billNumber, pushed.id);
    }
  }
  await repo.updatePush(db, pushId, { status: 'succeeded', finishedAt: clock.now() });
}

async function recordPushed(
  db: Db,
  pushId: number,
  realmId: string,
  kind: 'invoice' | 'bill',
  documentNumber: string,
  quickbooksId: string,
) {
  await db.transaction(async (tx) => {
    await repo.recordPushed(tx, { kind, documentNumber, realmId, quickbooksId, pushId });
    await repo.countPushed(tx, pushId, kind);
  });
}

/**
 * Registers the push queue. A failed try is retried (what it pushed stays recorded); after the last
 * one the push is marked failed with QuickBooks' own message, which the accounting page shows.
 */
export function registerQuickbooksPush(jobs: JobQueue, db: Db, link: QuickBooksLink | null, clock: Clock) {
  jobs.work<{ pushId: number }>(
    quickbooksPushQueue,
    { retryLimit: 2, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
    async ({ pushId }, job: JobContext) => {
      try {
        if (!link) throw new Error('QuickBooks Online is not set up on this server.');
        await runPush(db, link, clock, pushId);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repo.updatePush(
          db,
          pushId,
          job.isLastAttempt
            ? { status: 'failed', error: message, finishedAt: clock.now() }
            : { status: 'queued', error: `${message} (trying again)` },
        );
        if (!job.isLastAttempt) throw error;
      }
    },
  );
}

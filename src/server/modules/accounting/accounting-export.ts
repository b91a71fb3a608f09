import {
  type AccountingExportKind,
  billsCsv,
  invoicesCsv,
  paymentsCsv,
} from '../../../domain/accounting/qbo-csv';
import type { Config } from '../../config';
import type { Executor } from '../../core/database';
import * as exportRows from '../../read-models/accounting-export';
import { QuickBooksOnline } from './quickbooks-online';

/**
 * Where accounting data goes (issue 20). Always a CSV file in QuickBooks Online's import format; with
 * QuickBooks keys, also the link to a company through its OAuth page (the adapter pushes invoices and
 * bills and finds vendors by name).
 */
export interface AccountingExport {
  readonly provider: 'csv' | 'quickbooks_online';
  /** The file for one kind of record over a date range (both days included). */
  csv(
    db: Executor,
    kind: AccountingExportKind,
    from: string,
    to: string,
  ): Promise<{ fileName: string; body: string }>;
  /** Intuit's consent page for linking the company, or null when QuickBooks is not configured. */
  authorizationUrl(state: string): string | null;
}

async function csvOf(db: Executor, kind: AccountingExportKind, from: string, to: string) {
  const body =
    kind === 'invoices'
      ? invoicesCsv(await exportRows.listExportInvoices(db, from, to))
      : kind === 'bills'
        ? billsCsv(await exportRows.listExportBills(db, from, to))
        : paymentsCsv(await exportRows.listExportPayments(db, from, to));
  return { fileName: `hedgerow-${kind}-${from}-to-${to}.csv`, body };
}

/** The export the configuration asks for: QuickBooks Online when its keys are set, else CSV only. */
export function accountingExportFor(config: Pick<Config, 'quickbooks' | 'appUrl'>): AccountingExport {
  const settings = config.quickbooks;
  if (!settings) return { provider: 'csv', csv: csvOf, authorizationUrl: () => null };
  const quickbooks = new QuickBooksOnline(settings);
  return {
    provider: 'quickbooks_online',
    csv: csvOf,
    authorizationUrl: (state) => quickbooks.authorizationUrl(`${config.appUrl}/admin/accounting`, state),
  };
}

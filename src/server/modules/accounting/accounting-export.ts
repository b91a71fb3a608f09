import {
  type AccountingExportKind,
  billsCsv,
  invoicesCsv,
  paymentsCsv,
} from '../../../domain/accounting/qbo-csv';
import type { Config } from '../../config';
import type { Executor } from '../../core/database';
import * as exportRows from '../../read-models/accounting-export';

/**
 * Where accounting data goes (issue 20). Always a CSV file in QuickBooks Online's import format; with
 * QuickBooks keys, also the link to a company (quickbooks-connection.service.ts) that invoices and
 * bills are pushed to (quickbooks-push.service.ts).
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
export function accountingExportFor(config: Pick<Config, 'quickbooks'>): AccountingExport {
  const settings = config.quickbooks;
  return { provider: settings ? 'quickbooks_online' : 'csv', csv: csvOf };
}

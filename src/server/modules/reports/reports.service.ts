import { isStaff } from '../../../domain/access';
import { flagsForUser } from '../../../domain/features';
import {
  analyticsOffMessage,
  type BuyerReport,
  defaultReportDays,
  maxReportDays,
  rangeTooLongMessage,
  type SupplierReport,
} from '../../../domain/reports/reports';
import type { Caller } from '../../core/caller';
import { type Clock, utcDay } from '../../core/clock';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as reports from '../../read-models/reports';
import * as features from '../features/features.service';

const dayMs = 86_400_000;

/** The days a report covers: the query's, else the last 12 weeks up to the clock's today. */
export function reportRange(clock: Clock, query: { startDate?: string; endDate?: string }) {
  const endDate = query.endDate ?? utcDay(clock);
  const end = new Date(`${endDate}T00:00:00Z`);
  const startDate =
    query.startDate ?? new Date(end.getTime() - (defaultReportDays - 1) * dayMs).toISOString().slice(0, 10);
  const from = new Date(`${startDate}T00:00:00Z`);
  const to = new Date(end.getTime() + dayMs);
  if ((to.getTime() - from.getTime()) / dayMs > maxReportDays) {
    throw new AppError('invalid_data', rangeTooLongMessage, { fields: { startDate: rangeTooLongMessage } });
  }
  return { startDate, endDate, from, to };
}

/** Analytics need dashboardAccess (a feature enabled for the company, the user or globally) and a company. */
async function assertAnalytics(cache: features.FeatureCache, caller: Caller) {
  const organizationId = caller.user.organizationId;
  const subject = {
    userId: caller.user.id,
    organizationId,
    flags: flagsForUser({
      admin: isStaff(caller.user),
      supplier: caller.profile.branches.length > 0,
      activated: caller.user.activated,
    }),
  };
  if (!organizationId || !(await features.isEnabled(cache, 'dashboardAccess', subject))) {
    throw new AppError('forbidden', analyticsOffMessage, { code: 'analytics_off' });
  }
  return organizationId;
}

/** The caller's supplier analytics; 404 for a company without branches. */
export async function getSupplierReport(
  db: Executor,
  cache: features.FeatureCache,
  clock: Clock,
  caller: Caller,
  query: { startDate?: string; endDate?: string },
): Promise<SupplierReport> {
  const organizationId = await assertAnalytics(cache, caller);
  if (caller.profile.branches.length === 0) throw new AppError('not_found', 'Your company has no branches');
  const range = reportRange(clock, query);
  const report = await reports.supplierReport(db, organizationId, range);
  return { range: { startDate: range.startDate, endDate: range.endDate }, ...report };
}

/** The caller's buyer analytics: spend by week, supplier and job. */
export async function getBuyerReport(
  db: Executor,
  cache: features.FeatureCache,
  clock: Clock,
  caller: Caller,
  query: { startDate?: string; endDate?: string },
): Promise<BuyerReport> {
  const organizationId = await assertAnalytics(cache, caller);
  const range = reportRange(clock, query);
  const report = await reports.buyerReport(db, organizationId, range);
  return { range: { startDate: range.startDate, endDate: range.endDate }, ...report };
}

import {
  type MarketManagerOption,
  notAMarketManagerMessage,
  type OrganizationMarketManager,
} from '../../../domain/admin/market-managers';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as audit from '../audit/audit.service';
import * as organizations from '../organizations/organizations.service';
import * as repo from './market-managers.repository';
import type { UserRow } from './users.repository';

const optionOf = (user: UserRow): MarketManagerOption => ({
  id: user.id,
  fullName: `${user.firstName} ${user.lastName}`,
  email: user.email,
  phone: user.phone,
});

/** The staff who may be assigned to an organisation as its market manager. */
export async function listMarketManagers(db: Executor): Promise<MarketManagerOption[]> {
  return (await repo.listMarketManagers(db)).map(optionOf);
}

async function assertOrganization(db: Executor, organizationId: number) {
  if (!(await organizations.organizationExists(db, organizationId))) {
    throw new AppError('not_found', 'Company not found');
  }
}

/** An organisation's assigned market manager (null: the default one shows on its dashboards). */
export async function getOrganizationMarketManager(
  db: Executor,
  organizationId: number,
): Promise<OrganizationMarketManager> {
  await assertOrganization(db, organizationId);
  const user = await repo.findAssignedMarketManager(db, organizationId);
  return { organizationId, marketManager: user && optionOf(user) };
}

/** Assigns a market manager to an organisation, or clears the assignment (userId null). */
export async function assignMarketManager(
  db: Db,
  actor: audit.Actor,
  organizationId: number,
  userId: number | null,
): Promise<OrganizationMarketManager> {
  await assertOrganization(db, organizationId);
  if (userId !== null && !(await repo.findMarketManager(db, userId))) {
    throw new AppError('unprocessable', notAMarketManagerMessage, {
      fields: { userId: notAMarketManagerMessage },
    });
  }
  await db.transaction(async (tx) => {
    if (userId === null) await repo.unassignMarketManager(tx, organizationId);
    else await repo.assignMarketManager(tx, organizationId, userId);
    await audit.recordEvent(
      tx,
      actor,
      { type: 'organization', id: organizationId },
      'market_manager_assigned',
      { marketManagerUserId: userId },
    );
  });
  return getOrganizationMarketManager(db, organizationId);
}

/**
 * The market manager a member of the organisation sees on the dashboard: the assigned one while they
 * still hold the role and may sign in, else null (the card then shows the default one).
 */
export async function assignedMarketManagerOf(db: Executor, organizationId: number) {
  const user = await repo.findAssignedMarketManager(db, organizationId);
  if (!user) return null;
  return (await repo.findMarketManager(db, user.id)) ? user : null;
}

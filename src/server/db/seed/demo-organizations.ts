import type { Db } from '../../core/database';
import { hashPassword } from '../../modules/auth/passwords';
import * as features from '../../modules/features/features.service';
import * as organizations from '../../modules/organizations/organizations.service';
import * as memberships from '../../modules/users/memberships.service';
import * as users from '../../modules/users/users.service';

/**
 * The demo buyer's company has a second member and a person waiting for approval (issue 19), and the
 * demo buyer's and supplier's companies have Analytics (dashboardAccess). Idempotent.
 */
export async function seedDemoOrganizations(db: Db, password: string) {
  const greenline = await organizations.findOrganizationBySlug(db, 'greenline-landscaping');
  const blueRidge = await organizations.findOrganizationBySlug(db, 'blue-ridge-growers');
  if (!greenline || !blueRidge) return;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!(await users.findUserByEmail(tx, 'crew@demo.hedgerow.test'))) {
      await users.insertUser(tx, {
        email: 'crew@demo.hedgerow.test',
        passwordHash,
        firstName: 'Sam',
        lastName: 'Ortega',
        phone: '(704) 555-0141',
        status: 'approved',
        activated: true,
        organizationId: greenline.id,
        defaultPostalCode: '28208',
      });
    }
    if (!(await users.findUserByEmail(tx, 'newhire@demo.hedgerow.test'))) {
      const pending = await users.insertUser(tx, {
        email: 'newhire@demo.hedgerow.test',
        passwordHash,
        firstName: 'Jordan',
        lastName: 'Pike',
        phone: '(704) 555-0187',
        status: 'approved_for_site_use_only',
        activated: false,
        defaultPostalCode: '28208',
      });
      await memberships.insertJoinRequest(tx, greenline.id, pending.id);
    }
  });
  const cache = new features.FeatureCache(db);
  const dashboardAccess = (await features.allFeatures(cache)).find((f) => f.name === 'dashboardAccess');
  if (!dashboardAccess) return;
  for (const organizationId of [greenline.id, blueRidge.id]) {
    if (
      !dashboardAccess.enablements.some((e) => e.organizationId === organizationId && !e.userId && !e.flag)
    ) {
      await features.setEnablement(cache, dashboardAccess.id, { organizationId }, true);
    }
  }
}

import { PERMISSION_SETS } from '@excursio/contract/permissions';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { TIERS, TOP_TIER } from '../db/seed/catalog.ts';
import type { StorageConfig } from '../integrations/storage.ts';
import { seedNotifications } from '../modules/accounts/notifications.repository.ts';
import {
  accountIdBySubdomain,
  insertOrganization,
  upsertPermissionSets,
  upsertTiers,
} from '../modules/accounts/organization.repository.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { settleSeededNotices } from '../modules/notifications/notifications.service.ts';
import { connectTestMode } from '../modules/payments/provider-for.ts';
import { seedDemoCatalog } from './demo-catalog.ts';
import { seedDemoPartner } from './demo-partner.ts';
import { seedDemoQrCodes } from './demo-qr.ts';
import { seedDemoSales } from './demo-sales.ts';
import { seedDemoStore } from './demo-store.ts';

export const DEMO_SUBDOMAIN = 'demo';

/** Reference data every installation needs. Idempotent. */
export const seedReferenceData = async (db: Db) => {
  await upsertPermissionSets(db, PERMISSION_SETS);
  await upsertTiers(db, TIERS);
  await seedNotifications(db);
};

/** The demo supplier on the top plan. Created once; later starts leave it as it is. */
export const seedDemo = async (
  db: Db,
  owner: { email: string; password: string },
  config: StorageConfig & Pick<Config, 'CACHE_DIR' | 'DEMO_AFFILIATE_EMAIL'>,
) => {
  if (await accountIdBySubdomain(db, DEMO_SUBDOMAIN)) return { created: false };
  const passwordHash = await hashPassword(owner.password);
  const { account, user } = await db.transaction((tx) =>
    insertOrganization(tx, {
      type: 'supplier',
      name: 'Demo Adventures',
      subdomain: DEMO_SUBDOMAIN,
      tierCode: TOP_TIER.supplier,
      owner: { email: owner.email, passwordHash, firstName: 'Dana', lastName: 'Demo', isActive: true },
    }),
  );
  // Card payments in test mode, as after Settings → Payment providers → Connect (test mode).
  await connectTestMode(db, account.id, user.id);
  const sold = await seedDemoCatalog(db, config, account.id);
  await seedDemoSales(db, { accountId: account.id, sellerUserId: user.id }, sold, new Date());
  const store = await seedDemoStore(db, account.id);
  await seedDemoQrCodes(db, account.id, store.id, sold.tour.id, new Date());
  // The affiliate signs in with its own email and the same demo password.
  const partner = await seedDemoPartner(
    db,
    { accountId: account.id, ownerEmail: owner.email },
    { email: config.DEMO_AFFILIATE_EMAIL, passwordHash },
    sold,
    new Date(),
  );
  for (const id of [account.id, partner.accountId]) await settleSeededNotices(db, id, new Date());
  return { created: true };
};

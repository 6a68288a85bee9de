import type { Db } from '../db/client.ts';
import { countScans, insertCheckedLink, localDay } from '../modules/qr-codes/qr-codes.service.ts';

const DAY_MS = 86_400_000;

/**
 * Two printed links of the demo store with four weeks of scans (a poster scanned more at weekends,
 * a flyer handed out on a few days), so `/sales/qr-codes` shows what it is for right away.
 */
export const seedDemoQrCodes = async (db: Db, accountId: string, storeId: string, offerId: string | null, now: Date) => {
  const poster = await insertCheckedLink(db, accountId, {
    type: 'store',
    name: 'Poster at the ferry pier',
    storeId,
    experienceId: null,
  });
  const flyer = offerId
    ? await insertCheckedLink(db, accountId, { type: 'offer', name: 'Walking tour flyer', storeId, experienceId: offerId })
    : null;
  for (let daysAgo = 27; daysAgo >= 1; daysAgo -= 1) {
    const at = new Date(now.getTime() - daysAgo * DAY_MS);
    const day = localDay(at, 'UTC');
    const weekend = [0, 6].includes(at.getUTCDay());
    await countScans(db, accountId, poster.id, day, (weekend ? 9 : 3) + (daysAgo % 4), at);
    if (flyer && daysAgo % 5 === 0) await countScans(db, accountId, flyer.id, day, 6 + (daysAgo % 3), at);
  }
};

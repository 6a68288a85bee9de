import type { DateFormat } from '@excursio/contract/product-configuration';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { baseAccounts } from '../../db/schema/accounts.ts';
import { experiences, meetingPoints } from '../../db/schema/catalog.ts';
import { productConfigurations } from '../../db/schema/product-configuration.ts';

/** What an order's emails say beyond the order and its category names: the organization, each offer's meeting point and length. */
export const mailFactsOf = async (db: Executor, accountId: string, experienceIds: string[]) => {
  const [account] = await db
    .select({
      name: baseAccounts.name,
      subdomain: baseAccounts.subdomain,
      timeFormat: sql<'24h' | '12h'>`coalesce(${baseAccounts.profile}->>'time_format', '24h')`,
      dateFormat: sql<DateFormat>`coalesce(${productConfigurations.dateFormat}, 'DD. MMMM YYYY')`,
    })
    .from(baseAccounts)
    .leftJoin(productConfigurations, eq(productConfigurations.accountId, baseAccounts.id))
    .where(eq(baseAccounts.id, accountId));
  const offers = experienceIds.length
    ? await db
        .select({
          id: experiences.id,
          durationMinutes: experiences.durationMinutes,
          address: experiences.address,
          meetingPoint: {
            name: meetingPoints.name,
            address: meetingPoints.address,
            instructions: meetingPoints.instructions,
            latitude: meetingPoints.latitude,
            longitude: meetingPoints.longitude,
          },
        })
        .from(experiences)
        .leftJoin(meetingPoints, eq(meetingPoints.id, experiences.meetingPointId))
        .where(and(eq(experiences.accountId, accountId), inArray(experiences.id, experienceIds)))
    : [];
  return {
    organization: account ?? {
      name: 'Excursio',
      subdomain: '',
      timeFormat: '24h' as const,
      dateFormat: 'DD. MMMM YYYY' as DateFormat,
    },
    offers: new Map(offers.map((o) => [o.id, o])),
  };
};

/** A booking's ticket as a confirmation shows it: its short code and its QR code as a PNG. */
export type MailTicket = { code: string; png: Buffer };

export type MailFacts = Awaited<ReturnType<typeof mailFactsOf>> & {
  categories: ReadonlyMap<string, string>;
  /** The confirmed bookings' tickets (by booking id) and all of them as one PDF, for the confirmation. */
  tickets?: { byBooking: ReadonlyMap<string, MailTicket>; pdf: Buffer };
};

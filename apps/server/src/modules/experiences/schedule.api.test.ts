import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTimes } from '../../db/schema/catalog.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, useAccount } from '../../test/factories.ts';

const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);

const linesOf = async (experienceId: string) =>
  (await t.db.select().from(startTimes).where(eq(startTimes.experienceId, experienceId))).map((l) => `${l.id}|${l.time}`).sort();
const put = (experienceId: string, start_times: object[], headers = a.owner.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/experiences/${experienceId}/start-times/`, headers, payload: { start_times } });
const line = (time: string, extra: object = {}) => ({
  time,
  weekdays: [1, 2, 3, 4, 5],
  date_from: '2026-12-01',
  date_to: null,
  capacity: 10,
  ...extra,
});

describe("an offer's schedule as one set", () => {
  it('adds lines, keeps ids of lines it is given back, removes the rest', async () => {
    const offer = await createExperience(t, a);
    const first = await put(offer.id, [line('09:00'), line('14:00')]);
    expect(first.statusCode, first.body).toBe(200);
    const [nine, two] = first.json().results;
    expect([nine.time, two.time, nine.time_zone]).toEqual(['09:00', '14:00', 'Europe/Berlin']);

    const second = await put(offer.id, [{ ...line('09:30'), id: nine.id }, line('18:00')]);
    expect(second.statusCode, second.body).toBe(200);
    const results = second.json().results;
    expect(results.map((l: { time: string }) => l.time)).toEqual(['09:30', '18:00']);
    expect(results[0].id).toBe(nine.id);
    expect(results.some((l: { id: string }) => l.id === two.id)).toBe(false);

    const got = await t.app.inject({ url: `/api/experiences/${offer.id}/start-times/`, headers: a.owner.headers });
    expect(got.json()).toEqual(second.json());
  });

  it('refuses bad lines, duplicates within the set and foreign line ids, writing nothing', async () => {
    const offer = await createExperience(t, a);
    await put(offer.id, [line('09:00')]);
    const before = await linesOf(offer.id);
    const other = await createExperience(t, a);
    const foreign = (await put(other.id, [line('07:00')])).json().results[0];

    expectError(await put(offer.id, [line('10:00', { date_from: '2026-12-10', date_to: '2026-12-01' })]), 400, {
      attr: 'start_times.0.date_to',
    });
    expectError(await put(offer.id, [line('10:00'), line('11:00'), line('10:00', { weekdays: [5, 6] })]), 400, {
      code: 'duplicate_start_time',
      attr: 'start_times.2.time',
    });
    expectError(await put(offer.id, [{ ...line('10:00'), id: foreign.id }]), 400, {
      code: 'does_not_exist',
      attr: 'start_times.0.id',
    });
    expectError(await put(offer.id, [line('10:00', { capacity: -1 })]), 400, { attr: 'start_times.0.capacity' });
    expect(await linesOf(offer.id)).toEqual(before);
  });

  it('keeps an Active offer sellable, answers 404 for another account, needs Manage experiences', async () => {
    const active = await createExperience(t, a, { status: 'active' });
    await t.db.insert(startTimes).values({
      accountId: a.account.id,
      experienceId: active.id,
      time: '09:00',
      weekdays: [1],
      dateFrom: '2026-12-01',
      capacity: 5,
    });
    expectError(await put(active.id, []), 400, { code: 'not_publishable', attr: 'start_times' });
    expect(await linesOf(active.id)).toHaveLength(1);

    expect((await put(active.id, [line('08:00')], b.owner.headers)).statusCode).toBe(404);
    const foreignOffer = await createExperience(t, b);
    expect((await put(foreignOffer.id, [line('08:00')])).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/experiences/${foreignOffer.id}/start-times/`, headers: a.owner.headers })).statusCode,
    ).toBe(404);
    const viewer = await createMember(t, a, ['View experiences']);
    expect((await put(active.id, [line('08:00')], viewer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/experiences/${active.id}/start-times/`, headers: viewer.headers })).statusCode).toBe(
      200,
    );
  });
});

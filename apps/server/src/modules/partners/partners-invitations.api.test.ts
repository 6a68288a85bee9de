import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partnerships } from '../../db/schema/partners.ts';
import { lastMailTo } from '../../test/auth-flows.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount, createMember, type TestAccount } from '../../test/factories.ts';
import { usePartnersApi } from '../../test/partner-api.ts';
import { partnerUp, supplierAndReseller } from '../../test/partner-factories.ts';

/* Partnerships as a client sees them: invitations by subdomain and by email. */

const { t, get, patch, invite, act, listOf, idsOf, org } = usePartnersApi();

describe('invitations by subdomain', () => {
  it('are pending for both sides, each seeing the other as its partner type; only the invitee answers; accepting makes it active', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const res = await invite(supplier.owner, {
      partner_type: 'resellers',
      subdomain: reseller.subdomain,
      message: 'Sell our tours?',
      terms: { commission_percent: 12.5, allocation: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({
      status: 'pending',
      partner_type: 'resellers',
      partner: org(reseller),
      supplier: org(supplier),
      reseller: org(reseller),
      invited_by_us: true,
      invite_email: null,
      message: 'Sell our tours?',
      terms: {
        pricing_mode: 'commission',
        commission_percent: 12.5,
        share_mode: 'all',
        experience_ids: [],
        allocation: 4,
        payment_collector: 'reseller',
      },
      can: { accept: false, decline: false, edit_terms: true, pause: false, resume: false, end: true },
      accepted_at: null,
      ended_at: null,
    });

    const seen = await get(reseller.owner, `/api/partners/${sent.id}/`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 'pending',
      partner_type: 'suppliers',
      partner: org(supplier),
      invited_by_us: false,
      can: { accept: true, decline: true, edit_terms: false, pause: false, resume: false, end: false },
    });
    expect(idsOf(await listOf(reseller.owner, 'type=suppliers&status=pending'))).toEqual([sent.id]);
    expect(idsOf(await listOf(supplier.owner, 'type=resellers&status=pending'))).toEqual([sent.id]);

    // The inviter cannot answer its own invitation; pausing a pending one means nothing.
    expectError(await act(supplier.owner, sent.id, 'accept'), 409, { code: 'invalid_state' });
    expectError(await act(supplier.owner, sent.id, 'decline'), 409, { code: 'invalid_state' });
    expectError(await act(reseller.owner, sent.id, 'pause'), 409, { code: 'invalid_state' });
    expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json().status).toBe('pending');

    const accepted = await act(reseller.owner, sent.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'active',
      partner_type: 'suppliers',
      can: { accept: false, decline: false, edit_terms: false, pause: true, resume: false, end: true },
    });
    expect(accepted.json().accepted_at).not.toBeNull();
    expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      status: 'active',
      partner_type: 'resellers',
      can: { accept: false, decline: false, edit_terms: true, pause: true, resume: false, end: true },
    });
    // Accepting twice is refused.
    expectError(await act(reseller.owner, sent.id, 'accept'), 409, { code: 'invalid_state' });
  });

  it('work the other way round: a reseller invites a supplier (partner_type suppliers)', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const res = await invite(reseller.owner, { partner_type: 'suppliers', subdomain: supplier.subdomain });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      partner_type: 'suppliers',
      partner: org(supplier),
      supplier: org(supplier),
      reseller: org(reseller),
      invited_by_us: true,
      can: { accept: false, edit_terms: true },
    });
    const seen = (await get(supplier.owner, `/api/partners/${res.json().id}/`)).json();
    expect(seen).toMatchObject({ partner_type: 'resellers', partner: org(reseller), can: { accept: true, decline: true } });
    // While pending, the supplier may not change what the inviter proposed: it accepts or declines.
    expect(seen.can.edit_terms).toBe(false);
    expect((await act(supplier.owner, res.json().id, 'accept')).json()).toMatchObject({
      status: 'active',
      can: { edit_terms: true },
    });
  });

  it('lists filter by type, status and the partner’s name, and order by name, status or date', async () => {
    const me = await createAccount(t, { type: 'supplier' });
    const r1 = await createAccount(t, { type: 'affiliate' });
    const r2 = await createAccount(t, { type: 'affiliate' });
    const s1 = await createAccount(t, { type: 'supplier' });
    const active = await partnerUp(t, me, r1);
    const pendingReseller = (await invite(me.owner, { partner_type: 'resellers', subdomain: r2.subdomain })).json();
    // Another supplier wants us (a Pro supplier, with the feature `resales`) to resell its offers.
    const pendingSupplier = (await invite(s1.owner, { partner_type: 'resellers', subdomain: me.subdomain })).json();

    const all = await listOf(me.owner);
    expect(all.count).toBe(3);
    // Newest first by default.
    expect(idsOf(all)).toEqual([pendingSupplier.id, pendingReseller.id, active.id]);
    expect(idsOf(await listOf(me.owner, 'type=resellers')).sort()).toEqual([active.id, pendingReseller.id].sort());
    expect(idsOf(await listOf(me.owner, 'type=My%20suppliers'))).toEqual([pendingSupplier.id]);
    expect(idsOf(await listOf(me.owner, 'status=active'))).toEqual([active.id]);
    expect(idsOf(await listOf(me.owner, 'status=pending')).sort()).toEqual([pendingReseller.id, pendingSupplier.id].sort());
    expect(idsOf(await listOf(me.owner, 'type=resellers&status=pending'))).toEqual([pendingReseller.id]);
    expect(idsOf(await listOf(me.owner, 'status=declined'))).toEqual([]);
    // Search matches the partner's name, not ours.
    expect(idsOf(await listOf(me.owner, `search=${r2.subdomain.toUpperCase()}`))).toEqual([pendingReseller.id]);
    expect((await listOf(me.owner, `search=${me.subdomain}`)).count).toBe(0);

    const byName = [
      [r1, active.id],
      [r2, pendingReseller.id],
      [s1, pendingSupplier.id],
    ]
      .sort(([a], [b]) => `Org ${(a as TestAccount).subdomain}`.localeCompare(`Org ${(b as TestAccount).subdomain}`))
      .map(([, id]) => id);
    expect(idsOf(await listOf(me.owner, 'ordering=name'))).toEqual(byName);
    expect(idsOf(await listOf(me.owner, 'ordering=-name'))).toEqual([...byName].reverse());
    expect(idsOf(await listOf(me.owner, 'ordering=status'))[0]).toBe(active.id);
    expect(idsOf(await listOf(me.owner, 'ordering=created_at'))).toEqual([active.id, pendingReseller.id, pendingSupplier.id]);
    expectError(await get(me.owner, '/api/partners/?ordering=commission'), 400, { attr: 'ordering' });
    expect((await get(me.owner, '/api/partners/?status=bogus')).statusCode).toBe(400);
  });

  it('refuses an unknown subdomain, its own, both a subdomain and an email, or neither — with the field named', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: 'no-such-org-at-all' }), 400, {
      attr: 'subdomain',
      code: 'does_not_exist',
    });
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: supplier.subdomain }), 400, {
      attr: 'subdomain',
    });
    expectError(
      await invite(supplier.owner, {
        partner_type: 'resellers',
        subdomain: reseller.subdomain,
        email: reseller.owner.email,
      }),
      400,
      { attr: 'subdomain' },
    );
    expectError(await invite(supplier.owner, { partner_type: 'resellers' }), 400, { attr: 'subdomain' });
    expectError(await invite(supplier.owner, { partner_type: 'partners', subdomain: reseller.subdomain }), 400, {
      attr: 'partner_type',
    });
    expect((await listOf(supplier.owner)).count).toBe(0);
    expect((await listOf(reseller.owner)).count).toBe(0);
  });

  it('allow one open partnership per pair (either direction); after a decline or an end a new invitation may follow', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const first = await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain });
    expect(first.statusCode).toBe(201);
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain }), 400, {
      code: 'unique',
      attr: 'subdomain',
    });
    expectError(await invite(reseller.owner, { partner_type: 'suppliers', subdomain: supplier.subdomain }), 400, {
      code: 'unique',
      attr: 'subdomain',
    });

    const declined = await act(reseller.owner, first.json().id, 'decline');
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(declined.json().ended_at).not.toBeNull();
    expectError(await act(reseller.owner, first.json().id, 'accept'), 409, { code: 'invalid_state' });

    const second = await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain });
    expect(second.statusCode, second.body).toBe(201);
    expect((await act(reseller.owner, second.json().id, 'accept')).statusCode).toBe(200);
    expect((await act(reseller.owner, second.json().id, 'pause')).json()).toMatchObject({
      status: 'paused',
      can: { pause: false, resume: true, end: true },
    });
    expectError(await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain }), 400, {
      code: 'unique',
    });
    expect((await act(supplier.owner, second.json().id, 'end')).json()).toMatchObject({ status: 'ended' });

    const third = await invite(reseller.owner, { partner_type: 'suppliers', subdomain: supplier.subdomain });
    expect(third.statusCode, third.body).toBe(201);
    // The history stays: one declined, one ended, one pending.
    const statuses = (await listOf(supplier.owner)).results.map((r) => r.status).sort();
    expect(statuses).toEqual(['declined', 'ended', 'pending']);
  });

  it('let the inviter withdraw a pending invitation (end), not the invitee', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const sent = (await invite(supplier.owner, { partner_type: 'resellers', subdomain: reseller.subdomain })).json();
    expectError(await act(reseller.owner, sent.id, 'end'), 409, { code: 'invalid_state' });
    expect((await act(supplier.owner, sent.id, 'end')).json()).toMatchObject({ status: 'ended' });
    expectError(await act(reseller.owner, sent.id, 'accept'), 409, { code: 'invalid_state' });
  });
});

describe('invitations by email', () => {
  it('reach the organization of the invited address, which accepts and is bound; a third organization never sees it; a mail goes out', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const partnerManager = await createMember(t, reseller, ['Manage account', 'Manage stores']);
    const third = await createAccount(t, { type: 'affiliate' });

    const res = await invite(supplier.owner, {
      partner_type: 'resellers',
      email: partnerManager.email,
      message: 'Hello from the harbour',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({
      status: 'pending',
      partner_type: 'resellers',
      partner: null,
      supplier: org(supplier),
      reseller: null,
      invite_email: partnerManager.email,
      invited_by_us: true,
    });

    const mail = await lastMailTo(t, partnerManager.email);
    expect(mail.subject).toContain(`Org ${supplier.subdomain}`);
    expect(mail.text).toContain('Hello from the harbour');
    expect(mail.text).toMatch(/accept or decline/);
    expect(mail.link).toMatch(/^https?:\/\//);

    // The addressee sees it among its suppliers, as one it may answer.
    const mine = await listOf(partnerManager, 'type=suppliers');
    expect(idsOf(mine)).toEqual([sent.id]);
    expect((await get(partnerManager, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      partner_type: 'suppliers',
      partner: org(supplier),
      invited_by_us: false,
      can: { accept: true, decline: true, edit_terms: false },
    });

    // Someone else: nothing to see, read, answer or change.
    expect((await listOf(third.owner)).count).toBe(0);
    expectError(await get(third.owner, `/api/partners/${sent.id}/`), 404, { code: 'not_found' });
    expectError(await act(third.owner, sent.id, 'accept'), 404, { code: 'not_found' });
    expectError(await act(third.owner, sent.id, 'decline'), 404, { code: 'not_found' });
    expectError(await patch(third.owner, sent.id, { commission_percent: 50 }), 404, { code: 'not_found' });

    const accepted = await act(partnerManager, sent.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'active', reseller: org(reseller), partner: org(supplier) });
    // Bound: the reseller organization (its owner too) and the supplier see the same partnership.
    expect((await get(reseller.owner, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      status: 'active',
      partner_type: 'suppliers',
      partner: org(supplier),
    });
    expect((await get(supplier.owner, `/api/partners/${sent.id}/`)).json()).toMatchObject({
      status: 'active',
      partner: org(reseller),
    });
    const [row] = await t.db.select().from(partnerships).where(eq(partnerships.id, sent.id));
    expect(row).toMatchObject({ supplierAccountId: supplier.account.id, resellerAccountId: reseller.account.id });
    expect((await listOf(third.owner)).count).toBe(0);
    expectError(await get(third.owner, `/api/partners/${sent.id}/`), 404, { code: 'not_found' });
  });

  it('is answered for one pair only: an organization already partnered with the inviter cannot accept a second one', async () => {
    const { supplier, reseller } = await supplierAndReseller(t);
    const first = await partnerUp(t, supplier, reseller);
    const second = await invite(supplier.owner, { partner_type: 'resellers', email: reseller.owner.email });
    expect(second.statusCode, second.body).toBe(201);
    expectError(await act(reseller.owner, second.json().id, 'accept'), 409, { code: 'unique' });
    expect((await get(reseller.owner, `/api/partners/${first.id}/`)).json().status).toBe('active');
    expect((await get(supplier.owner, `/api/partners/${second.json().id}/`)).json()).toMatchObject({
      status: 'pending',
      reseller: null,
    });
  });

  it('cannot be accepted by the inviting organization itself', async () => {
    const supplier = await createAccount(t, { type: 'supplier' });
    const colleague = await createMember(t, supplier, ['Manage account', 'Manage stores']);
    const sent = (await invite(supplier.owner, { partner_type: 'resellers', email: colleague.email })).json();
    // The colleague is of the inviting organization: the invitation is its own, not one to answer.
    const seen = await get(colleague, `/api/partners/${sent.id}/`);
    expect(seen.json()).toMatchObject({ invited_by_us: true, can: { accept: false } });
    expectError(await act(colleague, sent.id, 'accept'), 409, { code: 'invalid_state' });
  });
});

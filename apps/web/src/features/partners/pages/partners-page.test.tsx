// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://demo.localhost:3000/"}
import type { Partnership } from '@excursio/contract/partners';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageActionSlotContext } from '../../../components/shell/page-action.tsx';
import { page, type Responder, renderPage } from '../../../lib/testing/render-page.tsx';
import { PartnersPage } from './partners-page.tsx';

const NONE = { accept: false, decline: false, edit_terms: false, pause: false, resume: false, end: false };
const partnership = (over: Partial<Partnership>): Partnership => ({
  id: '0198f1d2-7c3a-7b8e-9f00-000000000001',
  status: 'active',
  partner_type: 'resellers',
  partner: { id: 'org-1', name: 'Harbour Agency', subdomain: 'harbour' },
  supplier: null,
  reseller: null,
  invited_by_us: true,
  invite_email: null,
  message: '',
  terms: {
    pricing_mode: 'commission',
    commission_percent: 15,
    share_mode: 'all',
    experience_ids: [],
    allocation: 8,
    payment_collector: 'reseller',
  },
  can: NONE,
  created_at: '2026-10-01T10:00:00.000Z',
  accepted_at: '2026-10-02T10:00:00.000Z',
  ended_at: null,
  shared_offers_count: 3,
  ...over,
});

const ACTIVE = partnership({ can: { ...NONE, pause: true, end: true, edit_terms: true } });
const INCOMING = partnership({
  id: '0198f1d2-7c3a-7b8e-9f00-000000000002',
  status: 'pending',
  partner_type: 'suppliers',
  partner: { id: 'org-2', name: 'Lisbon Kayaks', subdomain: 'kayaks' },
  invited_by_us: false,
  accepted_at: null,
  can: { ...NONE, accept: true, decline: true },
});

const respondWith =
  (rows: Partnership[]): Responder =>
  ({ path }) =>
    path.startsWith('/api/partners/?') ? page(path.includes('status=pending') ? [INCOMING] : rows) : page([]);

/** The page under a header slot, as the shell mounts it (PageAction renders into the slot). */
const WithHeader = () => {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <PageActionSlotContext.Provider value={slot}>
      <header ref={setSlot} />
      <PartnersPage />
    </PageActionSlotContext.Provider>
  );
};

const setup = (path: string, rows: Partnership[], permissions?: Parameters<typeof renderPage>[0]['permissions']) =>
  renderPage({ path, routes: [{ path: '/sales/partners', element: <WithHeader /> }], respond: respondWith(rows), permissions });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the partners page', () => {
  it('shows my resellers by default, and the view switch writes type= to the URL and asks for that view', async () => {
    const { calls, router } = setup('/sales/partners?pageSize=25', [ACTIVE]);
    expect(await screen.findByText('Harbour Agency')).toBeTruthy();
    expect(screen.getByText('15 % commission')).toBeTruthy();
    expect(screen.getByText('max 8 per start · Reseller collects')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/partners/?page=1&page_size=25&type=resellers');

    fireEvent.click(screen.getByRole('radio', { name: 'My suppliers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=25&type=suppliers'));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/partners/?page=1&page_size=25&type=suppliers'));
  });

  it('keeps the view when the filters are reset (the view is not a filter)', async () => {
    const { router } = setup('/sales/partners?pageSize=25&type=suppliers&status=active&page=2', [ACTIVE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=25&type=suppliers'));
  });

  it('puts invitations waiting for our answer above the list, with Accept and Decline', async () => {
    const { calls } = setup('/sales/partners?pageSize=25', [ACTIVE]);
    const alert = await screen.findByTestId('pending-invitations');
    expect(within(alert).getByText('1 invitation waiting for your answer')).toBeTruthy();
    expect(within(alert).getByText('Lisbon Kayaks invites you to resell its offers')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Accept the invitation from Lisbon Kayaks' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/partners/${INCOMING.id}/accept/`)).toBe(true),
    );
  });

  it('offers in the row menu what `can` allows', async () => {
    setup('/sales/partners?pageSize=25', [ACTIVE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Harbour Agency' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toEqual(['Edit terms', 'Pause', 'Monthly statement', 'End partnership']);
  });

  it('asks before ending a partnership, with what ending means', async () => {
    const { calls } = setup('/sales/partners?pageSize=25', [ACTIVE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Harbour Agency' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'End partnership' }));
    const dialog = await screen.findByRole('dialog', { name: 'End partnership' });
    expect(within(dialog).getByText(/Ending stops new sales at once; past resales stay readable\./)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End partnership' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/end/'))).toBe(true));
  });

  it("without 'Manage account' lists partners but the changes are disabled, naming the permission", async () => {
    setup('/sales/partners?pageSize=25', [ACTIVE], ['Manage stores']);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Harbour Agency' }));
    // Read at once: happy-dom lets Mantine's menu close again shortly after it opened.
    const items = await screen.findAllByRole('menuitem');
    const item = (name: string) => items.find((i) => i.textContent === name) as HTMLElement;
    expect(item('Pause').hasAttribute('disabled')).toBe(true);
    expect(item('End partnership').hasAttribute('disabled')).toBe(true);
    expect(item('Monthly statement').hasAttribute('disabled')).toBe(false);
    expect(screen.getByText("You need the 'Manage account' permission to change partnerships.")).toBeTruthy();
    // The header's "Invite partner" is shown disabled.
    const invite = screen.getByRole('button', { name: 'Invite partner' }) as HTMLButtonElement;
    expect(invite.disabled).toBe(true);
    const alert = await screen.findByTestId('pending-invitations');
    expect(
      (within(alert).getByRole('button', { name: 'Accept the invitation from Lisbon Kayaks' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('the invite modal', () => {
  const open = async (path = '/sales/partners?pageSize=25') => {
    const rendered = renderPage({
      path,
      routes: [
        {
          path: '/sales/partners',
          element: <PartnersPage />,
        },
      ],
      respond: ({ method }) =>
        method === 'POST'
          ? [
              400,
              {
                type: 'validation_error',
                errors: [{ code: 'not_found', detail: 'No organization has this subdomain.', attr: 'subdomain' }],
              },
            ]
          : page([]),
    });
    // No header here (PageAction renders nothing): the empty list's own "Invite partner" opens it.
    fireEvent.click(await screen.findByRole('button', { name: 'Invite partner' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Invite partner' }) };
  };

  it('checks the fields before sending: the subdomain is required, the commission within 0–100 %', async () => {
    const { dialog, calls } = await open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Commission' }), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter the organization’s subdomain.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a commission between 0 and 100 %.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for the chosen offers when sharing a chosen set, and sends by email when that is picked', async () => {
    const { dialog, calls } = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chosen offers' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Email' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'hello@harbour.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Choose at least one offer to share, or share all active offers.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'All active offers' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      partner_type: 'resellers',
      email: 'hello@harbour.example',
      message: '',
      terms: {
        pricing_mode: 'commission',
        commission_percent: 15,
        share_mode: 'all',
        experience_ids: [],
        allocation: null,
        payment_collector: 'reseller',
      },
    });
  });

  it('shows a refusal of the server under its field', async () => {
    const { dialog } = await open();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subdomain' }), { target: { value: 'nobody' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('No organization has this subdomain.')).toBeTruthy();
  });
});

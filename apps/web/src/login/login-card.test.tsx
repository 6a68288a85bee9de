// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/auth/login"}
import { MESSAGES } from '@excursio/contract/messages';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginCard, type LoginNotify } from './login-card.tsx';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const refusal = (errors: { code: string; detail: string; attr: string | null }[]) => ({ type: 'client_error', errors });
const NO_ACTIVE = refusal([
  { code: 'no_active_account', detail: 'No active account found with the given credentials.', attr: null },
]);

const notify = { error: vi.fn(), success: vi.fn() } satisfies LoginNotify;
let assign: ReturnType<typeof vi.fn>;

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
};
const bodyOf = (call: unknown[]) => JSON.parse((call[1] as RequestInit).body as string);

describe('LoginCard', () => {
  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('checks the fields on submit, focuses the first wrong one, then re-checks while typing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginCard notify={notify} />);
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Email');
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter your email address.');
    expect(document.activeElement).toBe(email);

    fill('Email', 'someone');
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    fill('Email', 'someone@example.com');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    // The password's message stays until the password changes.
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    await submit();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('posts the trimmed email and goes to the address the server answers, staying busy meanwhile', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, { subdomain: 'acme', redirect_url: 'http://localhost:3000/auth/handover?code=abc' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginCard notify={notify} />);
    fill('Email', '  owner@acme.test ');
    fill('Password', 'secret');
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/jwt/create/');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
    expect(JSON.parse(init.body as string)).toEqual({ email: 'owner@acme.test', password: 'secret' });
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/auth/handover?code=abc');
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.dataset.loading).toBe('true');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('toasts the refusal and offers to resend the activation email to the typed address', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/jwt/create/' ? json(401, NO_ACTIVE) : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginCard notify={notify} />);
    fill('Email', 'new@acme.test');
    fill('Password', 'secret');
    await submit();
    expect(notify.error).toHaveBeenCalledWith(['No active account found with the given credentials.']);
    expect(assign).not.toHaveBeenCalled();
    const offer = screen.getByRole('alert');
    expect(offer.textContent).toContain('Not activated yet?');
    expect(offer.textContent).toContain('new@acme.test');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend activation email' }));
    });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/users/resend_activation/', expect.anything());
    expect(bodyOf(fetchMock.mock.calls[1])).toEqual({ email: 'new@acme.test' });
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.activationResent);
    expect((screen.getByRole('button', { name: 'Activation email sent' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('words failures as the dashboard does: one toast per error item, the single error field, the network', async () => {
    const answers = [
      json(
        400,
        refusal([
          { code: 'invalid', detail: 'Enter a valid email address.', attr: 'email' },
          { code: 'too_long', detail: 'Too long.', attr: 'password' },
        ]),
      ),
      json(429, { error: 'Too many attempts. Try again later.' }),
      json(502, undefined),
      new Response('<html>bad gateway</html>', { status: 502 }),
    ];
    const fetchMock = vi.fn(async () => {
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next;
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginCard notify={notify} />);
    fill('Email', 'owner@acme.test');
    fill('Password', 'secret');
    for (let i = 0; i < 5; i++) await submit();
    expect(notify.error.mock.calls).toEqual([
      [['Email: Enter a valid email address.', 'Password: Too long.']],
      [['Too many attempts. Try again later.']],
      [['Request failed with status 502.']],
      [['The server sent an unreadable response (status 502).']],
      [['The server could not be reached. Check your connection and try again.']],
    ]);
    // Not the "not activated" refusal: no offer.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends what the fields hold when a password manager filled them without an input event', async () => {
    const fetchMock = vi.fn(async () => json(200, { subdomain: 'acme', redirect_url: 'http://acme.localhost:3000/dashboard' }));
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginCard notify={notify} />);
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'filled@acme.test';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'filled-secret';
    await submit();
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ email: 'filled@acme.test', password: 'filled-secret' });
  });

  it('links to password reset, activation and registration', () => {
    render(<LoginCard notify={notify} />);
    const hrefs = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Forgot your password?', '/auth/forgot-password'],
      ['Resend activation email', '/auth/resend-activation'],
      ['Create an account', '/auth/register'],
    ]);
  });

  it('shows the password on the toggle, which stays out of the tab order', () => {
    render(<LoginCard notify={notify} />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show or hide characters' });
    expect(password.type).toBe('password');
    expect(toggle.tabIndex).toBe(-1);
    fireEvent.mouseDown(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/auth/login"}
import { TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginShell } from './login-shell.tsx';
import { resetToasts, showToast } from './toasts.ts';

describe('LoginShell', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    act(() => resetToasts());
    cleanup();
    vi.useRealTimers();
  });

  it('shows each toast as an alert, errors titled "Error", and closes it after 7 s or on Close', () => {
    render(<LoginShell />);
    act(() => {
      showToast('error', 'No active account found with the given credentials.');
      showToast('success', 'Check your email for account activation link!');
    });
    const [error, success] = screen.getAllByRole('alert');
    expect(error.textContent).toBe('ErrorNo active account found with the given credentials.');
    expect(success.textContent).toBe('Check your email for account activation link!');

    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[1]);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // Pointed at, a toast waits; left, it gets its full time again.
    fireEvent.mouseEnter(error);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS + 1000));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    fireEvent.mouseLeave(error);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('shows six toasts at a time, the next when one closes', () => {
    render(<LoginShell />);
    act(() => {
      for (let i = 1; i <= 8; i++) showToast('error', `Problem ${i}`);
    });
    expect(screen.getAllByRole('alert')).toHaveLength(6);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('ErrorProblem 7');
  });

  it('switches the colour scheme as the dashboard does and remembers it', () => {
    render(<LoginShell />);
    expect(screen.getByRole('radiogroup', { name: 'Colour theme' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'System theme' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Dark theme' }));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    fireEvent.click(screen.getByRole('radio', { name: 'Light theme' }));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('light');
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReturnParams } from './use-return-params.ts';

const Page = ({ onReturn }: { onReturn: (values: Record<string, string>) => void }) => {
  useReturnParams(['connected', 'error'], onReturn);
  const { pathname, search } = useLocation();
  return <p data-testid="url">{`${pathname}${search}`}</p>;
};

const renderAt = (url: string, onReturn: (values: Record<string, string>) => void) => {
  const router = createMemoryRouter([{ path: '/settings/payment-providers', element: <Page onReturn={onReturn} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
};

afterEach(cleanup);

describe('useReturnParams', () => {
  it('announces the return once and removes only its own parameters, replacing the entry', async () => {
    const onReturn = vi.fn();
    const router = renderAt('/settings/payment-providers?error=access_denied&pageSize=25', onReturn);
    await vi.waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/settings/payment-providers?pageSize=25'));
    expect(onReturn).toHaveBeenCalledTimes(1);
    expect(onReturn).toHaveBeenCalledWith({ error: 'access_denied' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does nothing without them', async () => {
    const onReturn = vi.fn();
    renderAt('/settings/payment-providers', onReturn);
    expect(screen.getByTestId('url').textContent).toBe('/settings/payment-providers');
    expect(onReturn).not.toHaveBeenCalled();
  });
});

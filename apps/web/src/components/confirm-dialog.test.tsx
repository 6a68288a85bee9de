// @vitest-environment happy-dom
import { MESSAGES } from '@excursio/contract/messages';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../lib/notify.ts';
import { useConfirmDelete } from './confirm-dialog.tsx';

vi.mock('../lib/notify.ts', () => ({ notifySuccess: vi.fn() }));

const row = { id: 'r1', name: 'Kayak' };

describe('useConfirmDelete', () => {
  afterEach(() => vi.clearAllMocks());

  it('opens for the row asked about, deletes it on confirm, toasts and closes', async () => {
    let finish: (value: { error?: unknown }) => void = () => {};
    const remove = vi.fn(() => new Promise<{ error?: unknown }>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useConfirmDelete<typeof row>(remove));
    expect(result.current.dialog.opened).toBe(false);

    act(() => result.current.ask(row));
    expect(result.current.target).toBe(row);
    expect(result.current.dialog.opened).toBe(true);

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.dialog.onConfirm();
    });
    expect(remove).toHaveBeenCalledWith('r1');
    expect(result.current.dialog.loading).toBe(true);
    await act(async () => {
      finish({});
      await done;
    });
    expect(notifySuccess).toHaveBeenCalledWith(MESSAGES.deleted);
    expect(result.current.dialog).toMatchObject({ opened: false, loading: false });
  });

  it('closes without the toast when the delete is refused', async () => {
    const { result } = renderHook(() => useConfirmDelete<typeof row>(async () => ({ error: { status: 400 } })));
    act(() => result.current.ask(row));
    await act(() => result.current.dialog.onConfirm());
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(result.current.dialog.opened).toBe(false);
  });

  it('closes on cancel without deleting', () => {
    const remove = vi.fn(async () => ({}));
    const { result } = renderHook(() => useConfirmDelete<typeof row>(remove));
    act(() => result.current.ask(row));
    act(() => result.current.dialog.onClose());
    expect(result.current.target).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });
});

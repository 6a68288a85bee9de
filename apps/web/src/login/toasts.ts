import { TOAST_AUTO_CLOSE_MS } from '@excursio/contract/messages';
import { useSyncExternalStore } from 'react';

/** One toast (specification §8): an error carries the title 'Error', as the dashboard's do. */
export type Toast = { id: number; kind: 'error' | 'success'; message: string };

/** As the dashboard's notification container: at most this many on screen, the rest wait. */
export const VISIBLE_TOASTS = 6;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const showToast = (kind: Toast['kind'], message: string) => {
  toasts = [...toasts, { id: nextId++, kind, message }];
  emit();
};

export const closeToast = (id: number) => {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useToasts = () => useSyncExternalStore(subscribe, () => toasts);

/** Test hook: the list is module state. */
export const resetToasts = () => {
  toasts = [];
  emit();
};

export { TOAST_AUTO_CLOSE_MS };

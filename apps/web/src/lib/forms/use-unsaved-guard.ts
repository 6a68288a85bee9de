import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes (another step or tab, another page, or closing the
 * browser tab): the caller shows `blocker` as its dialog. `release` lets a save that just succeeded
 * leave before `dirty` is cleared (the offer editor steps, the store settings).
 */
export const useUnsavedGuard = (dirty: boolean) => {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const release = useCallback(() => {
    dirtyRef.current = false;
  }, []);
  return { blocker, release };
};

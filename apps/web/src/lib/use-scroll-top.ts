import { useEffect, useRef } from 'react';

/**
 * Scrolls the page to its top when `key` changes after the first render (an editor's step): the
 * new step opens at its beginning, not where the last one was scrolled to.
 */
export const useScrollTopOnChange = (key: unknown) => {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the change of key is the trigger
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
  }, [key]);
};

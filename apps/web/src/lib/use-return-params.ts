import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Query parameters a provider's redirect brings back (`?connected=1`, `?error=…`,
 * `?subscription=success`): `onReturn` runs once with their values, then they leave the URL
 * (replace, the other parameters kept), so a reload or Back does not announce it again.
 */
export const useReturnParams = (names: readonly string[], onReturn: (values: Record<string, string>) => void) => {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const callback = useRef(onReturn);
  callback.current = onReturn;
  const present = names.filter((name) => params.has(name));
  const key = present.map((name) => `${name}=${params.get(name)}`).join('&');

  useEffect(() => {
    if (!key || handled.current === key) return;
    handled.current = key;
    const values = new URLSearchParams(key);
    callback.current(Object.fromEntries(values));
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of values.keys()) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [key, setParams]);
};

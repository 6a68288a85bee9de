import { useEffect, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';

/**
 * Query parameters a provider's redirect brings back (`?connected=1`, `?error=…`,
 * `?subscription=success`): `onReturn` runs once with their values, then they leave the URL
 * (replace, the other parameters kept), so a reload or Back does not announce it again.
 */
export const useReturnParams = (names: readonly string[], onReturn: (values: Record<string, string>) => void) => {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // A navigation to another page under way (a click while this page's code was still loading).
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
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
    // The person is moving on already: the parameters leave with the page, and tidying them here
    // would cancel that navigation and keep the person where they were.
    if (leaving) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of values.keys()) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [key, setParams, leaving]);
};

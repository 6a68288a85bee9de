import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader.tsx';
import { initializeAuth } from '../../../lib/auth/session.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useAppDispatch } from '../../../lib/store/hooks.ts';
import { useExchangeCodeMutation } from '../api/auth.api.ts';

/** Cookies are host-only: a login on the bare domain lands here with a one-time code. */
export const HandoverPage = () => {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [exchange] = useExchangeCodeMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (!code) {
        notifyError('The login link is incomplete. Please log in again.');
        navigate('/auth/login', { replace: true });
        return;
      }
      const result = await exchange({ code });
      if (result.error) {
        navigate('/auth/login', { replace: true });
        return;
      }
      await dispatch(initializeAuth({ afterHandover: true }));
      navigate('/dashboard', { replace: true });
    })();
  }, [code, dispatch, exchange, navigate]);

  return <FullPageLoader />;
};

import { Navigate, Outlet } from 'react-router';
import { currentHost } from '../../lib/domain/host.ts';
import { useAppSelector } from '../../lib/store/hooks.ts';
import { FullPageLoader } from '../full-page-loader.tsx';

/** Spinner during the initial check, login when unauthenticated, otherwise the page. */
export const RequireAuth = () => {
  const { isAuthenticated, initialLoading } = useAppSelector((state) => state.auth);
  const user = useAppSelector((state) => state.user.user);
  if (initialLoading) return <FullPageLoader />;
  if (!isAuthenticated) return <Navigate to="/auth/login" replace />;
  // Authenticated but the user is still loading, or is being sent to their own subdomain.
  const { subdomain } = currentHost();
  if (!user || user.base_account.subdomain !== subdomain) return <FullPageLoader />;
  return <Outlet />;
};

import { Navigate, Link as RouterLink } from 'react-router';
import { showErrorToasts } from '../../../lib/api/base-query.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAppSelector } from '../../../lib/store/hooks.ts';
import { LoginCard, type LoginLink, type LoginNotify } from '../../../login/login-card.tsx';

// The server serves /auth/login as its own light entry (login.html, src/login/); this route shows the
// same card when the dashboard itself navigates here (a guard, "Log in" links, after a password reset),
// with the dashboard's toasts and client-side links.
const notify: LoginNotify = { error: showErrorToasts, success: notifySuccess };

const Link: LoginLink = ({ href, className, children }) => (
  <RouterLink to={href} className={className}>
    {children}
  </RouterLink>
);

export const LoginPage = () => {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <LoginCard notify={notify} Link={Link} />;
};

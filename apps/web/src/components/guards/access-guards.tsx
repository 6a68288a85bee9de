import { MESSAGES } from '@excursio/contract/messages';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAccess } from '../../lib/permissions/use-access.ts';
import { plansPath } from '../../lib/subscription/plans-path.ts';
import { GuardMessage, NoPermission } from './guard-message.tsx';

type GuardProps = {
  permissions?: readonly string[];
  features?: readonly string[];
  children?: ReactNode;
  /** Shown instead of the no-permission message (e.g. a read-only alternative). */
  whenDenied?: ReactNode;
  /** Any one of `permissions` suffices (a reading rule such as 'View experiences' or 'Manage orders'). */
  any?: boolean;
};

/** Specification §2: the plan lacks the feature → 'Upgrade now' → the plans page, and back here after paying. */
const NoFeature = () => {
  const { user } = useAccess();
  const { pathname, search } = useLocation();
  return (
    <GuardMessage
      message={MESSAGES.noFeature}
      action={MESSAGES.upgradeNow}
      to={plansPath(user?.base_account.type, `${pathname}${search}`)}
    />
  );
};

/**
 * Permission then feature check (specification §2 Guards). Without children it renders the
 * nested routes, so it works as a layout route.
 */
export const AccessGuard = ({ permissions = [], features = [], children, whenDenied, any = false }: GuardProps) => {
  const { can, canAny, hasFeature } = useAccess();
  if (!(any ? canAny(permissions) : can(permissions))) return whenDenied ?? <NoPermission />;
  if (!hasFeature(features)) return <NoFeature />;
  return <>{children ?? <Outlet />}</>;
};

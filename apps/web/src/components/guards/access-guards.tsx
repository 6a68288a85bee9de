import { MESSAGES } from '@excursio/contract/messages';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAccess } from '../../lib/permissions/use-access.ts';
import { GuardMessage, NoPermission } from './guard-message.tsx';

export const SUPPLIER_PLANS_PATH = '/settings/subscription/supplier-plans';

type GuardProps = {
  permissions?: readonly string[];
  features?: readonly string[];
  children?: ReactNode;
  /** Shown instead of the no-permission message (e.g. a read-only alternative). */
  whenDenied?: ReactNode;
  /** Any one of `permissions` suffices (a reading rule such as 'View experiences' or 'Manage orders'). */
  any?: boolean;
};

/**
 * Permission then feature check (specification §2 Guards). Without children it renders the
 * nested routes, so it works as a layout route.
 */
export const AccessGuard = ({ permissions = [], features = [], children, whenDenied, any = false }: GuardProps) => {
  const { can, canAny, hasFeature } = useAccess();
  if (!(any ? canAny(permissions) : can(permissions))) return whenDenied ?? <NoPermission />;
  if (!hasFeature(features)) {
    return <GuardMessage message={MESSAGES.noFeature} action={MESSAGES.upgradeNow} to={SUPPLIER_PLANS_PATH} />;
  }
  return <>{children ?? <Outlet />}</>;
};

import { MESSAGES } from '@excursio/contract/messages';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAccess } from '../../lib/permissions/use-access.ts';
import { GuardMessage } from './guard-message.tsx';

export const SUPPLIER_PLANS_PATH = '/settings/subscription/supplier-plans';

type GuardProps = { permissions?: readonly string[]; features?: readonly string[]; children?: ReactNode };

/**
 * Permission then feature check (specification §2 Guards). Without children it renders the
 * nested routes, so it works as a layout route.
 */
export const AccessGuard = ({ permissions = [], features = [], children }: GuardProps) => {
  const { can, hasFeature } = useAccess();
  if (!can(permissions)) {
    return <GuardMessage message={MESSAGES.noPermission} action={MESSAGES.goToDashboard} to="/dashboard" />;
  }
  if (!hasFeature(features)) {
    return <GuardMessage message={MESSAGES.noFeature} action={MESSAGES.upgradeNow} to={SUPPLIER_PLANS_PATH} />;
  }
  return <>{children ?? <Outlet />}</>;
};

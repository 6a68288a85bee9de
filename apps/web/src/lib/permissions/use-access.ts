import { hasFeatures, hasPermissions } from '@excursio/contract/permissions';
import { useCallback } from 'react';
import { useAppSelector } from '../store/hooks.ts';

/** Permission and feature checks bound to the signed-in user (specification §6). */
export const useAccess = () => {
  const user = useAppSelector((state) => state.user.user);
  const appInfo = useAppSelector((state) => state.appInfo.appInfo);
  const can = useCallback(
    (titles: readonly string[] | undefined) => hasPermissions(user, appInfo, titles ?? []),
    [user, appInfo],
  );
  /** Any one of the titles suffices; an empty list grants, as `can` does. */
  const canAny = useCallback(
    (titles: readonly string[] | undefined) => !titles?.length || titles.some((title) => hasPermissions(user, appInfo, [title])),
    [user, appInfo],
  );
  const hasFeature = useCallback(
    (features: readonly string[] | undefined) => hasFeatures(user?.base_account, features ?? []),
    [user],
  );
  return { user, appInfo, can, canAny, hasFeature };
};

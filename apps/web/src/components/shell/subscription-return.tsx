import { refetchMe } from '../../lib/api/session.api.ts';
import { notifyInfo, notifySuccess } from '../../lib/notify.ts';
import { useAppDispatch } from '../../lib/store/hooks.ts';
import { useReturnParams } from '../../lib/use-return-params.ts';

/**
 * Back from the provider's subscription checkout (`?subscription=success|canceled`), on whatever
 * page the person returns to (the plans page, or the page the guard sent them from): say how it
 * went and read the plan's features again. Loaded only when the parameter is there.
 */
export const SubscriptionReturn = () => {
  const dispatch = useAppDispatch();
  useReturnParams(['subscription'], ({ subscription }) => {
    dispatch(refetchMe());
    if (subscription === 'success') notifySuccess('Payment received: your new plan is active.');
    else if (subscription === 'canceled') notifyInfo('Checkout canceled: your plan did not change.');
  });
  return null;
};

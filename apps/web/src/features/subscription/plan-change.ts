import type { SubscriptionTier } from '@excursio/contract/accounts';
import { FEATURE_LABELS, FEATURES, type Feature } from '@excursio/contract/permissions';

type TierLike = Pick<SubscriptionTier, 'id' | 'price_minor' | 'features'>;

/** The features the organization has now and would not have on `target`, in the plans' order. */
export const lostFeatures = (current: TierLike | null | undefined, target: TierLike): Feature[] =>
  current ? FEATURES.filter((f) => current.features.includes(f) && !target.features.includes(f)) : [];

/**
 * What choosing `target` is: the current plan; a downgrade (something is lost, or it costs less —
 * asked for confirmation first); or an upgrade.
 */
export const changeKind = (current: TierLike | null | undefined, target: TierLike): 'current' | 'downgrade' | 'upgrade' => {
  if (current?.id === target.id) return 'current';
  if (current && (lostFeatures(current, target).length > 0 || target.price_minor < current.price_minor)) return 'downgrade';
  return 'upgrade';
};

/** The lost features as the plans name them: 'Stores, Webstore and QR codes'. */
export const featureList = (features: readonly Feature[]) => {
  const labels = features.map((f) => FEATURE_LABELS[f]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};

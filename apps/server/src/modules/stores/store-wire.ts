import type { Store, StoreExperience } from '@excursio/contract/stores';
import { variantUrls } from '../media/image-urls.ts';
import type { StoreOfferRow } from './store-experiences.repository.ts';
import type { imagesById, StoreRow } from './stores.repository.ts';

type Images = Awaited<ReturnType<typeof imagesById>>;

const imageRef = (images: Images, id: string | null) => {
  const image = id ? images.get(id) : undefined;
  return image ? { id: image.id, urls: variantUrls(image.variants) } : null;
};

export const toStore = (
  row: StoreRow,
  extra: { experiencesCount: number; images: Images; url: string; recaptchaAvailable: boolean },
): Store => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  status: row.status,
  ownership: row.ownership,
  is_default: row.isDefault,
  currency: row.currency,
  languages: row.languages as Store['languages'],
  headline: row.headline,
  description: row.description,
  logo_image_id: row.logoImageId,
  hero_image_id: row.heroImageId,
  logo: imageRef(extra.images, row.logoImageId),
  hero: imageRef(extra.images, row.heroImageId),
  accent_color: row.accentColor,
  contact_email: row.contactEmail,
  contact_phone: row.contactPhone,
  terms_url: row.termsUrl,
  privacy_url: row.privacyUrl,
  hold_minutes: row.holdMinutes,
  question_mode: row.questionMode,
  payment_mode: row.paymentMode,
  deposit_percent: row.depositPercent,
  reserve_without_payment: row.reserveWithoutPayment,
  recaptcha_enabled: row.recaptchaEnabled,
  experiences_count: extra.experiencesCount,
  url: extra.url,
  recaptcha_available: extra.recaptchaAvailable,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Why visitors do not see an offer that is in a store, or null when they do. */
export const hiddenReason = (offer: Pick<StoreOfferRow, 'status' | 'visibility' | 'sellableHere'>) => {
  if (!offer.sellableHere) {
    return 'Not on sale: the supplier paused or ended the partnership, stopped sharing this offer or took it off sale.';
  }
  if (offer.status === 'draft') return 'Draft: publish the offer to sell it here.';
  if (offer.status === 'inactive') return 'Inactive: activate the offer to sell it here.';
  if (offer.visibility === 'private') return 'Private: only sold in the back office.';
  return null;
};

export const toStoreExperience = (
  row: StoreOfferRow & { position?: number; featured?: boolean },
  accountId: string,
): StoreExperience => ({
  id: row.id,
  title: row.title,
  type: row.type,
  status: row.status,
  category: row.category,
  city: row.city,
  currency: row.currency,
  thumbnail_url: row.thumbnail ? (variantUrls(row.thumbnail).thumb ?? null) : null,
  ownership: row.supplierId === accountId ? 'internal' : 'external',
  supplier: { id: row.supplierId, name: row.supplierName },
  position: row.position ?? -1,
  featured: row.featured ?? false,
  distance_km: row.distance === null ? null : Math.round(Number(row.distance) * 10) / 10,
  hidden_reason: hiddenReason(row),
  // Filled in by the routes (webstore/sale-payability.service.ts): it needs the partners' connections.
  payment_unavailable_reason: null,
});

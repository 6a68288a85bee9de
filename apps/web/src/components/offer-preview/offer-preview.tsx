import { EXPERIENCE_CATEGORIES } from '@excursio/contract/experiences';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconLanguage, IconMapPin, IconShieldCheck, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format/format.ts';
import { formatDuration, formatGroupSize, formatLanguages, paragraphs, policyInWords, type RefundTier } from './offer-format.ts';
import { OfferGallery, type OfferImage } from './offer-gallery.tsx';
import classes from './offer-preview.module.css';
import {
  AgendaTimeline,
  IconList,
  MeetingPointDetails,
  type OfferAgendaItem,
  type OfferMeetingPoint,
  type OfferVideo,
  Paragraphs,
  Section,
  VideoEmbeds,
} from './offer-sections.tsx';

/** The visitor-facing fields of an offer (an `Experience` fits; so will the webstore's offer). */
export type OfferPreviewData = {
  title: string;
  category: string;
  subcategory: string;
  address: string;
  city: string;
  country_code: string;
  duration_minutes: number | null;
  languages: readonly string[];
  min_group_size: number;
  max_group_size: number | null;
  from_price: number | null;
  /** The pricing category of `from_price` ('Adult'): the price says whose it is. */
  from_price_category?: string | null;
  currency: string;
  short_description: string;
  description: string;
  highlights: readonly string[];
  included: readonly string[];
  not_included: readonly string[];
  what_to_bring: readonly string[];
  important_information: string;
  images: readonly OfferImage[];
};

export type OfferPreviewProps = {
  offer: OfferPreviewData;
  agenda?: readonly OfferAgendaItem[];
  meetingPoint?: OfferMeetingPoint | null;
  cancellationPolicy?: { tiers: readonly RefundTier[]; description?: string } | null;
  videos?: readonly OfferVideo[];
  /** The booking call to action under the price (the webstore's date picker, a placeholder in the editor). */
  action?: ReactNode;
};

/** "tours" / "city-tours" → "Tours · City tours" (unknown values are shown as stored). */
export const categoryLabel = (category: string, subcategory: string): string => {
  const main = EXPERIENCE_CATEGORIES.find((c) => c.value === category);
  const sub = main?.subcategories.find((s) => s.value === subcategory);
  return [main?.label ?? category, sub?.label ?? subcategory].filter(Boolean).join(' · ');
};

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

export const locationLabel = (offer: Pick<OfferPreviewData, 'city' | 'country_code' | 'address'>): string => {
  const country = offer.country_code ? (regionNames?.of(offer.country_code) ?? offer.country_code) : '';
  return [offer.city, country].filter(Boolean).join(', ') || offer.address;
};

const Fact = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Group gap={6} wrap="nowrap">
    {icon}
    <Text size="sm">{children}</Text>
  </Group>
);

/**
 * An offer the way a visitor sees it: gallery, title and key facts, the price box, then the
 * description sections. Plain props, no data fetching: the editor preview and the webstore both
 * render it. Mobile first; it lays out by its own width.
 */
export const OfferPreview = ({
  offer,
  agenda = [],
  meetingPoint,
  cancellationPolicy,
  videos = [],
  action,
}: OfferPreviewProps) => {
  const category = categoryLabel(offer.category, offer.subcategory);
  const location = locationLabel(offer);
  const duration = formatDuration(offer.duration_minutes);
  const languages = formatLanguages(offer.languages);
  const group = formatGroupSize(offer.min_group_size, offer.max_group_size);
  const policy = cancellationPolicy ? policyInWords(cancellationPolicy.tiers) : null;
  const hasIncluded = offer.included.length > 0 || offer.not_included.length > 0;
  return (
    <article className={classes.root}>
      <Stack gap="lg">
        <OfferGallery images={offer.images} title={offer.title} />
        <div className={classes.layout}>
          <Stack gap={6}>
            {category && (
              <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.5}>
                {category}
              </Text>
            )}
            <Title order={1} className={classes.title}>
              {offer.title}
            </Title>
            {location && <Fact icon={<IconMapPin size={16} aria-hidden />}>{location}</Fact>}
            <Group gap="lg" mt={4} wrap="wrap">
              {duration && <Fact icon={<IconClock size={16} aria-hidden />}>{duration}</Fact>}
              {languages && <Fact icon={<IconLanguage size={16} aria-hidden />}>{languages}</Fact>}
              {group && <Fact icon={<IconUsers size={16} aria-hidden />}>{group}</Fact>}
            </Group>
          </Stack>

          <Paper withBorder radius="md" p="md" className={classes.aside}>
            <Stack gap="sm">
              {offer.from_price !== null ? (
                <div>
                  <Text size="xs" c="dimmed">
                    From
                  </Text>
                  <Text fw={700} fz={26} lh={1.1} data-testid="from-price">
                    {formatMoney(offer.from_price, offer.currency)}
                  </Text>
                  {offer.from_price_category ? (
                    <Text size="xs" c="dimmed" mt={2}>
                      per {offer.from_price_category}
                    </Text>
                  ) : null}
                </div>
              ) : (
                <Text size="sm" c="dimmed">
                  Price on request
                </Text>
              )}
              {action}
              {policy && (
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconShieldCheck
                    size={16}
                    style={{ flex: 'none', marginTop: 2 }}
                    color="var(--mantine-color-teal-6)"
                    aria-hidden
                  />
                  <Text size="xs">{policy}</Text>
                </Group>
              )}
            </Stack>
          </Paper>

          <Stack gap="xl">
            {offer.short_description && <Text size="md">{offer.short_description}</Text>}
            {offer.highlights.length > 0 && (
              <Section title="Highlights">
                <IconList items={offer.highlights} icon="check" />
              </Section>
            )}
            {paragraphs(offer.description).length > 0 && (
              <Section title="Full description">
                <Paragraphs text={offer.description} />
              </Section>
            )}
            {agenda.length > 0 && (
              <Section title="Itinerary">
                <AgendaTimeline items={agenda} />
              </Section>
            )}
            {hasIncluded && (
              <div className={classes.twoCols}>
                {offer.included.length > 0 && (
                  <Section title="Included">
                    <IconList items={offer.included} icon="check" />
                  </Section>
                )}
                {offer.not_included.length > 0 && (
                  <Section title="Not included">
                    <IconList items={offer.not_included} icon="cross" />
                  </Section>
                )}
              </div>
            )}
            {offer.what_to_bring.length > 0 && (
              <Section title="What to bring">
                <IconList items={offer.what_to_bring} icon="dot" />
              </Section>
            )}
            {meetingPoint && (
              <Section title="Meeting point">
                <MeetingPointDetails point={meetingPoint} />
              </Section>
            )}
            {paragraphs(offer.important_information).length > 0 && (
              <Section title="Important information">
                <Paragraphs text={offer.important_information} />
              </Section>
            )}
            {policy && (
              <Section title="Cancellation policy">
                <Stack gap="xs">
                  <Text size="sm">{policy}.</Text>
                  {cancellationPolicy?.description && <Paragraphs text={cancellationPolicy.description} />}
                </Stack>
              </Section>
            )}
            {videos.length > 0 && (
              <>
                <Divider />
                <Section title="Videos">
                  <VideoEmbeds videos={videos} />
                </Section>
              </>
            )}
          </Stack>
        </div>
      </Stack>
    </article>
  );
};

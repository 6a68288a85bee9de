import { Anchor, AspectRatio, Badge, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconMapPin, IconPoint, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDuration, paragraphs } from './offer-format.ts';
import classes from './offer-preview.module.css';

export type OfferAgendaItem = {
  id: string;
  title: string;
  description: string;
  duration_minutes: number | null;
  position: number;
};
export type OfferMeetingPoint = {
  name: string;
  address: string;
  instructions: string;
  latitude: number | null;
  longitude: number | null;
};
export type OfferVideo = { id: string; title: string; embed_url: string };

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section aria-label={title}>
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    {children}
  </section>
);

const LIST_ICONS = {
  check: <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />,
  cross: <IconX size={16} color="var(--mantine-color-red-6)" aria-hidden />,
  dot: <IconPoint size={16} color="var(--mantine-color-dimmed)" aria-hidden />,
};

export const IconList = ({ items, icon }: { items: readonly string[]; icon: keyof typeof LIST_ICONS }) => (
  <ul className={classes.iconList}>
    {items.map((item, index) => (
      // Texts may repeat; the index keeps keys unique and the list never reorders.
      // biome-ignore lint/suspicious/noArrayIndexKey: static list
      <li key={index}>
        {LIST_ICONS[icon]}
        <Text size="sm">{item}</Text>
      </li>
    ))}
  </ul>
);

export const Paragraphs = ({ text, size = 'sm' }: { text: string; size?: 'sm' | 'md' }) => (
  <Stack gap="xs">
    {paragraphs(text).map((p, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
      <Text key={index} size={size} className={classes.text}>
        {p}
      </Text>
    ))}
  </Stack>
);

export const AgendaTimeline = ({ items }: { items: readonly OfferAgendaItem[] }) => {
  const ordered = [...items].sort((a, b) => a.position - b.position);
  return (
    <Timeline bulletSize={14} lineWidth={2} active={ordered.length}>
      {ordered.map((item) => {
        const duration = formatDuration(item.duration_minutes);
        return (
          <Timeline.Item
            key={item.id}
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {item.title}
                </Text>
                {duration && (
                  <Badge size="xs" variant="light" color="gray">
                    {duration}
                  </Badge>
                )}
              </Group>
            }
          >
            {item.description && (
              <Text size="sm" c="dimmed" className={classes.text}>
                {item.description}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
};

const mapLink = (lat: number, lon: number) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

export const MeetingPointDetails = ({ point }: { point: OfferMeetingPoint }) => (
  <Group align="flex-start" gap="sm" wrap="nowrap">
    <IconMapPin size={20} style={{ flex: 'none', marginTop: 2 }} color="var(--mantine-primary-color-filled)" aria-hidden />
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {point.name}
      </Text>
      {point.address && <Text size="sm">{point.address}</Text>}
      {point.instructions && (
        <Text size="sm" c="dimmed" className={classes.text}>
          {point.instructions}
        </Text>
      )}
      {point.latitude !== null && point.longitude !== null && (
        <Anchor size="sm" href={mapLink(point.latitude, point.longitude)} target="_blank" rel="noopener noreferrer">
          Open in map
        </Anchor>
      )}
    </Stack>
  </Group>
);

/** Only https embeds are shown; the page's CSP decides which players may load. */
export const VideoEmbeds = ({ videos }: { videos: readonly OfferVideo[] }) => (
  <div className={classes.twoCols}>
    {videos
      .filter((video) => video.embed_url.startsWith('https://'))
      .map((video) => (
        <Stack key={video.id} gap={4}>
          <AspectRatio ratio={16 / 9}>
            <iframe
              className={classes.video}
              src={video.embed_url}
              title={video.title || 'Video'}
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </AspectRatio>
          {video.title && (
            <Text size="xs" c="dimmed">
              {video.title}
            </Text>
          )}
        </Stack>
      ))}
  </div>
);

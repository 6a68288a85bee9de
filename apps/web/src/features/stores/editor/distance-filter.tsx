import { Group, NumberInput, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { withFilter } from '../../../lib/list/list-params.ts';
import type { ListParams } from '../../../lib/list/use-list-params.ts';

export const DISTANCE_KEYS = ['location', 'lat', 'lon', 'radius'] as const;
/** The distance filter's URL values for a list's spec (words and numbers, checked by the server). */
export const DISTANCE_SPEC = { location: 'any', lat: 'any', lon: 'any', radius: 'any' } as const;

const summary = (filters: Record<string, string>) => {
  const parts = [
    filters.location ? `near “${filters.location}”` : '',
    filters.lat && filters.lon ? `within ${filters.radius || 50} km of ${filters.lat}, ${filters.lon}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Anywhere';
};

const numberOrEmpty = (value: string | number) => (value === '' ? '' : String(value));

/**
 * Where the offers are: words matched against their city and address, or a point and a radius in
 * km (the list can then be sorted by distance). Applied together, so the list loads once.
 */
export const DistanceFilter = ({ list }: { list: ListParams }) => {
  const [opened, setOpened] = useState(false);
  const [, setParams] = useSearchParams();
  const f = list.filters;
  const [location, setLocation] = useState(f.location ?? '');
  const [lat, setLat] = useState<string | number>(f.lat ?? '');
  const [lon, setLon] = useState<string | number>(f.lon ?? '');
  const [radius, setRadius] = useState<string | number>(f.radius ?? '');
  const pointIncomplete = (lat === '') !== (lon === '');

  const open = () => {
    setLocation(f.location ?? '');
    setLat(f.lat ?? '');
    setLon(f.lon ?? '');
    setRadius(f.radius ?? '');
    setOpened(true);
  };
  const apply = (values: Record<(typeof DISTANCE_KEYS)[number], string>) => {
    // One URL change for the four fields (each removes the page, as any filter change does).
    setParams((current) => DISTANCE_KEYS.reduce((params, key) => withFilter(params, key, values[key]), current), {
      replace: true,
    });
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={320} trapFocus>
      <Popover.Target>
        <Button variant="standard" leftSection={<IconMapPin size={15} />} onClick={() => (opened ? setOpened(false) : open())}>
          <Text span size="sm" truncate maw={260}>
            Where: {summary(f)}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (pointIncomplete) return;
            apply({
              location: location.trim(),
              lat: numberOrEmpty(lat),
              lon: numberOrEmpty(lon),
              radius: lat === '' ? '' : numberOrEmpty(radius),
            });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Place"
              description="Words in the offer’s city or address"
              value={location}
              onChange={(e) => setLocation(e.currentTarget.value)}
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              Or a point and a radius (sorting by distance needs a point):
            </Text>
            <Group grow gap="xs">
              <NumberInput label="Latitude" value={lat} onChange={setLat} min={-90} max={90} decimalScale={6} hideControls />
              <NumberInput label="Longitude" value={lon} onChange={setLon} min={-180} max={180} decimalScale={6} hideControls />
            </Group>
            <NumberInput
              label="Radius (km)"
              placeholder="50"
              value={radius}
              onChange={setRadius}
              min={0.1}
              max={20000}
              hideControls
              error={pointIncomplete ? 'Enter both latitude and longitude, or neither.' : undefined}
            />
            <Group justify="space-between">
              <Button variant="standard" onClick={() => apply({ location: '', lat: '', lon: '', radius: '' })}>
                Anywhere
              </Button>
              <Button type="submit">Apply</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
};

import { z } from 'zod';

export const locationQuery = z.strictObject({
  q: z.string().trim().min(2, { error: 'Type at least two characters.' }).max(200),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** One place: a city from the embedded gazetteer or a result of the configured geocoder. */
export const place = z.object({
  label: z.string(),
  name: z.string(),
  country_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string().nullable(),
});
export type Place = z.infer<typeof place>;
export const placeList = z.object({ results: z.array(place) });

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createNominatimGeocoder, type Geocoder } from '../../integrations/geo.ts';
import { worldGazetteer } from './world-cities.ts';

/** The embedded gazetteer as a Geocoder: loaded on the first lookup, its load time and heap logged. */
const gazetteerGeocoder = (log: FastifyBaseLogger): Geocoder => {
  const get = () => worldGazetteer((stats) => log.info(stats, 'gazetteer loaded'));
  return {
    autocomplete: async (q, limit) => get().autocomplete(q, limit),
    forward: async (q, limit) => get().forward(q, limit),
  };
};

/** `GEOCODER_URL` set: that Nominatim-compatible service; otherwise the embedded, offline gazetteer. */
export const createGeocoder = (config: Pick<Config, 'GEOCODER_URL' | 'OUTBOUND_TIMEOUT_MS'>, log: FastifyBaseLogger): Geocoder =>
  config.GEOCODER_URL ? createNominatimGeocoder(config.GEOCODER_URL, config.OUTBOUND_TIMEOUT_MS) : gazetteerGeocoder(log);

import { errorResponse } from '@excursio/contract/list';
import { locationQuery, placeList } from '@excursio/contract/location';
import type { Api, AppContext } from '../../http/types.ts';
import { GeocoderError } from '../../integrations/geo.ts';
import { createGeocoder } from './location.service.ts';

const tags = ['location'];
const UNAVAILABLE = {
  type: 'server_error' as const,
  errors: [{ code: 'geocoder_unavailable', detail: 'The location service is not available. Try again later.', attr: null }],
};

/** Place lookups for the offer editor (city/address fields). */
export const locationRoutes = (app: Api, ctx: AppContext) => {
  const geocoder = createGeocoder(ctx.config, app.log);
  const routes = [
    ['/api/location-autocomplete/', 'Places whose name starts with q (as the user types)', geocoder.autocomplete],
    ['/api/location-forward-geo/', "Best matches of a full place query ('Berlin, DE', 'Paris France')", geocoder.forward],
  ] as const;
  for (const [url, summary, lookup] of routes) {
    app.get(
      url,
      {
        config: { access: 'authenticated' },
        schema: { tags, summary, querystring: locationQuery, response: { 200: placeList, 502: errorResponse } },
      },
      async (request, reply) => {
        try {
          return { results: await lookup(request.query.q, request.query.limit) };
        } catch (error) {
          if (!(error instanceof GeocoderError)) throw error;
          request.log.warn({ reason: error.message }, 'geocoder failed');
          return reply.status(502).send(UNAVAILABLE);
        }
      },
    );
  }
};

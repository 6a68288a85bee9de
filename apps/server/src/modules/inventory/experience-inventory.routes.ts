import { idParams } from '@excursio/contract/common';
import { experienceInventoryInput, experienceInventoryItem } from '@excursio/contract/inventory';
import { z } from 'zod';
import { principalOf } from '../../http/access.ts';
import { manageExperiences, viewExperiences } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import { getExperienceInventory, setExperienceInventory } from './experience-inventory.service.ts';

const tags = ['experiences', 'inventory'];
const response = z.object({ results: z.array(experienceInventoryItem) });

export const experienceInventoryRoutes = (app: Api, ctx: AppContext) => {
  app.get(
    '/api/experiences/:id/inventory-items/',
    {
      config: viewExperiences,
      schema: { tags, summary: 'Inventory items attached to an offer', params: idParams, response: { 200: response } },
    },
    async (request) => getExperienceInventory(ctx.db, principalOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/experiences/:id/inventory-items/',
    {
      config: manageExperiences,
      schema: {
        tags,
        summary: 'Replace the inventory items attached to an offer (equipment only on rentals)',
        params: idParams,
        body: experienceInventoryInput,
        response: { 200: response },
      },
    },
    async (request) => setExperienceInventory(ctx.db, principalOf(request).accountId, request.params.id, request.body),
  );
};

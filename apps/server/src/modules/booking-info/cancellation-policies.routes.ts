import {
  CANCELLATION_POLICY_ORDERING,
  cancellationPolicy,
  cancellationPolicyInput,
  cancellationPolicyPatchInput,
} from '@excursio/contract/booking-info';
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  createCancellationPolicy,
  getCancellationPolicy,
  listCancellationPoliciesPage,
  removeCancellationPolicy,
  replaceCancellationPolicy,
  updateCancellationPolicyFields,
} from './cancellation-policies.service.ts';

export const cancellationPolicyRoutes = (app: Api, { db }: AppContext) =>
  resourceRoutes(app, {
    path: '/api/cancellation-policies/',
    tag: 'booking info',
    noun: 'cancellation policy',
    nouns: 'cancellation policies',
    item: cancellationPolicy,
    input: cancellationPolicyInput,
    patchInput: cancellationPolicyPatchInput,
    filters: {},
    ordering: { allowed: CANCELLATION_POLICY_ORDERING, fallback: { field: 'name', descending: false } },
    list: (accountId, query) => listCancellationPoliciesPage(db, accountId, query),
    get: (accountId, id) => getCancellationPolicy(db, accountId, id),
    create: (accountId, body) => createCancellationPolicy(db, accountId, body),
    replace: (accountId, id, body) => replaceCancellationPolicy(db, accountId, id, body),
    update: (accountId, id, body) => updateCancellationPolicyFields(db, accountId, id, body),
    remove: (accountId, id) => removeCancellationPolicy(db, accountId, id),
  });

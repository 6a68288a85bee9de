import { MEETING_POINT_ORDERING, meetingPoint, meetingPointInput, meetingPointPatchInput } from '@excursio/contract/booking-info';
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  createMeetingPoint,
  getMeetingPoint,
  listMeetingPointsPage,
  removeMeetingPoint,
  replaceMeetingPoint,
  updateMeetingPointFields,
} from './meeting-points.service.ts';

export const meetingPointRoutes = (app: Api, { db }: AppContext) =>
  resourceRoutes(app, {
    path: '/api/meeting-points/',
    tag: 'booking info',
    noun: 'meeting point',
    nouns: 'meeting points',
    item: meetingPoint,
    input: meetingPointInput,
    patchInput: meetingPointPatchInput,
    filters: {},
    ordering: { allowed: MEETING_POINT_ORDERING, fallback: { field: 'name', descending: false } },
    list: (accountId, query) => listMeetingPointsPage(db, accountId, query),
    get: (accountId, id) => getMeetingPoint(db, accountId, id),
    create: (accountId, body) => createMeetingPoint(db, accountId, body),
    replace: (accountId, id, body) => replaceMeetingPoint(db, accountId, id, body),
    update: (accountId, id, body) => updateMeetingPointFields(db, accountId, id, body),
    remove: (accountId, id) => removeMeetingPoint(db, accountId, id),
  });

import {
  agendaItem,
  agendaItemInput,
  agendaItemPatchInput,
  bookingQuestion,
  bookingQuestionInput,
  bookingQuestionPatchInput,
  PER_EXPERIENCE_ORDERING,
  perExperienceFilters,
} from '@excursio/contract/booking-info';
import { resourceRoutes } from '../../http/resource-routes.ts';
import type { Api, AppContext } from '../../http/types.ts';
import {
  createAgendaItem,
  getAgendaItem,
  listAgendaItemsPage,
  removeAgendaItem,
  replaceAgendaItem,
  updateAgendaItemFields,
} from './agenda-items.service.ts';
import {
  createBookingQuestion,
  getBookingQuestion,
  listBookingQuestionsPage,
  removeBookingQuestion,
  replaceBookingQuestion,
  updateBookingQuestionFields,
} from './booking-questions.service.ts';

/** Per-offer lists: `experience` filters, `position` orders by default. */
const perExperience = {
  tag: 'booking info',
  filters: perExperienceFilters,
  ordering: { allowed: PER_EXPERIENCE_ORDERING, fallback: { field: 'position' as const, descending: false } },
};

export const bookingQuestionRoutes = (app: Api, { db }: AppContext) =>
  resourceRoutes(app, {
    ...perExperience,
    path: '/api/booking-questions/',
    noun: 'booking question',
    nouns: 'booking questions',
    item: bookingQuestion,
    input: bookingQuestionInput,
    patchInput: bookingQuestionPatchInput,
    list: (accountId, query) => listBookingQuestionsPage(db, accountId, query),
    get: (accountId, id) => getBookingQuestion(db, accountId, id),
    create: (accountId, body) => createBookingQuestion(db, accountId, body),
    replace: (accountId, id, body) => replaceBookingQuestion(db, accountId, id, body),
    update: (accountId, id, body) => updateBookingQuestionFields(db, accountId, id, body),
    remove: (accountId, id) => removeBookingQuestion(db, accountId, id),
  });

export const agendaItemRoutes = (app: Api, { db }: AppContext) =>
  resourceRoutes(app, {
    ...perExperience,
    path: '/api/agenda-items/',
    noun: 'agenda item',
    nouns: 'agenda items',
    item: agendaItem,
    input: agendaItemInput,
    patchInput: agendaItemPatchInput,
    list: (accountId, query) => listAgendaItemsPage(db, accountId, query),
    get: (accountId, id) => getAgendaItem(db, accountId, id),
    create: (accountId, body) => createAgendaItem(db, accountId, body),
    replace: (accountId, id, body) => replaceAgendaItem(db, accountId, id, body),
    update: (accountId, id, body) => updateAgendaItemFields(db, accountId, id, body),
    remove: (accountId, id) => removeAgendaItem(db, accountId, id),
  });

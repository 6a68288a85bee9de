/**
 * The public webstore API with plain fetch (no auth: the organization comes from the host's
 * subdomain). Errors keep the server's items (`{code, detail, attr}`) so a form can show each at
 * its field. Types only from the contract: zod stays out of the visitor's bundle.
 */
import type { BookingConfigResponse, CheckAvailabilityResponse } from '@excursio/contract/availability';
import type { PublicOrder } from '@excursio/contract/orders';
import type { OrderTickets } from '@excursio/contract/qr-codes';
import type {
  Webstore,
  WebstoreExperience,
  WebstoreExperienceCard,
  WebstoreOrderInput,
  WebstoreOrderResponse,
} from '@excursio/contract/webstore';

export type ErrorItem = { code: string; detail: string; attr: string | null };
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly items: ErrorItem[],
  ) {
    super(items[0]?.detail ?? `HTTP ${status}`);
  }
  has(code: string) {
    return this.items.some((i) => i.code === code);
  }
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
export type Hold = {
  id: string;
  utcExpiresAt: string;
  price: { currency: string; total: number; lines: { pricingCategoryId: string; quantity: number; amount: number }[] };
};
export type ReserveBody = {
  productId: string;
  availabilityId: string;
  rateId: string;
  units: { pricingCategoryId: string; quantity: number }[];
  groupSize?: number;
  store?: string;
};
export type PartyOption = { pricing_category_id: string; quantity: number };

const request = async <T>(path: string, init?: RequestInit & { json?: unknown }): Promise<T> => {
  const { json, ...rest } = init ?? {};
  let res: Response;
  try {
    res = await fetch(path, {
      ...rest,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, [{ code: 'network', detail: 'Network error', attr: null }]);
  }
  if (res.status === 204) return undefined as T;
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const items: ErrorItem[] = Array.isArray(body?.errors) ? body.errors : [];
    throw new ApiError(
      res.status,
      items.length > 0 ? items : [{ code: `http_${res.status}`, detail: res.statusText, attr: null }],
    );
  }
  return body as T;
};

const query = (params: Record<string, string | number | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  return search.toString();
};

/** Reads that do not change within a visit are asked once. */
const cache = new Map<string, Promise<unknown>>();
const cached = <T>(path: string): Promise<T> => {
  let hit = cache.get(path) as Promise<T> | undefined;
  if (!hit) {
    hit = request<T>(path);
    hit.catch(() => cache.delete(path));
    cache.set(path, hit);
  }
  return hit;
};

export type OfferFilters = {
  category?: string;
  subcategory?: string;
  keyword?: string;
  date_from?: string;
  date_to?: string;
};

export const api = {
  stores: () => cached<{ results: Webstore[] }>('/api/webstores/'),
  offers: (store: string, filters: OfferFilters, page: number, pageSize = 12) =>
    request<Page<WebstoreExperienceCard>>(
      `/api/webstores/experiences/?${query({ store, ...filters, page, page_size: pageSize })}`,
    ),
  offer: (store: string, id: string) =>
    cached<WebstoreExperience>(`/api/webstores/experiences/${encodeURIComponent(id)}/?${query({ store })}`),
  config: (store: string, id: string, year: number, month: number) =>
    request<BookingConfigResponse>(
      `/api/webstores/experiences/${encodeURIComponent(id)}/config/?${query({ store, month, year })}`,
    ),
  availability: (store: string, id: string, date: string, party: PartyOption[], rateId?: string) =>
    request<CheckAvailabilityResponse>(
      `/api/webstores/experiences/${encodeURIComponent(id)}/availability/?${query({
        store,
        date,
        rate_id: rateId,
        pricing_options: party.length > 0 ? JSON.stringify(party) : undefined,
      })}`,
    ),
  reserve: (body: ReserveBody) => request<Hold>('/api/1/reserve/', { method: 'POST', json: body }),
  extend: (holdId: string) =>
    request<{ id: string; utcExpiresAt: string }>(`/api/1/holds/${encodeURIComponent(holdId)}/extend/`, {
      method: 'POST',
      json: {},
    }),
  release: (holdId: string) => request<void>(`/api/1/holds/${encodeURIComponent(holdId)}/release/`, { method: 'POST', json: {} }),
  /** The email typed at checkout, for the cart's holds (an abandoned-cart reminder goes there once, if they expire). */
  cartContact: (body: { store: string; email: string; first_name: string; hold_ids: string[] }) =>
    request<void>('/api/webstores/cart-contact/', { method: 'POST', json: body }),
  order: (body: WebstoreOrderInput) => request<WebstoreOrderResponse>('/api/webstores/order/', { method: 'POST', json: body }),
  publicOrder: (sessionId: string) => request<PublicOrder>(`/api/order?${query({ session_id: sessionId })}`),
  calendarUrl: (sessionId: string) => `/api/order/calendar/?${query({ session_id: sessionId })}`,
  /** The confirmed bookings' tickets: what each QR code holds, and all of them as one PDF. */
  tickets: (sessionId: string) => request<OrderTickets>(`/api/order/tickets/?${query({ session_id: sessionId })}`),
  ticketsPdfUrl: (sessionId: string) => `/api/order/tickets/pdf/?${query({ session_id: sessionId })}`,
};

import type { ErrorItem } from '@excursio/contract/list';

type ErrorKind = 'validation_error' | 'client_error' | 'server_error';

/** A refusal the client caused. Thrown anywhere; rendered in the API error shape by errors.ts. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly type: ErrorKind;
  readonly items: ErrorItem[];

  constructor(statusCode: number, items: ErrorItem[], type?: ErrorKind) {
    super(items.map((i) => i.detail).join(' '));
    this.statusCode = statusCode;
    this.items = items;
    this.type = type ?? (statusCode === 400 ? 'validation_error' : statusCode >= 500 ? 'server_error' : 'client_error');
  }
}

export const invalid = (attr: string | null, detail: string, code = 'invalid') => new AppError(400, [{ code, detail, attr }]);
export const badRequest = (detail: string, code = 'invalid') => new AppError(400, [{ code, detail, attr: null }], 'client_error');
export const notAuthenticated = (detail = 'Authentication credentials were not provided.') =>
  new AppError(401, [{ code: 'not_authenticated', detail, attr: null }]);
export const forbidden = (detail = 'You do not have permission to perform this action.', code = 'permission_denied') =>
  new AppError(403, [{ code, detail, attr: null }]);
export const notFound = (detail = 'Not found.') => new AppError(404, [{ code: 'not_found', detail, attr: null }]);
export const conflict = (attr: string | null, detail: string, code = 'unique') => new AppError(400, [{ code, detail, attr }]);
/** 409: the request is fine, but the resource's current state refuses it (full, already canceled…). */
export const refusedByState = (code: string, detail: string, attr: string | null = null) =>
  new AppError(409, [{ code, detail, attr }]);

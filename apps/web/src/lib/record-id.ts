const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id as the API gives them (a UUID); anything else in a URL names no record. */
export const isRecordId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/**
 * What the API answers (404) for a record that does not exist: a hand-edited id that is no id at
 * all ("bogus") is treated the same, without asking the server (whose answer would be the
 * validation text "Id: Invalid UUID").
 */
export const NOT_FOUND_MESSAGES = {
  experience: 'Not found.',
  order: 'This order does not exist.',
  store: 'This store does not exist.',
} as const;

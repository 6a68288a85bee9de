/** Every IANA time zone the browser knows, UTC first (the organization's and offers' zone pickers). */
export const TIME_ZONES: readonly string[] = (() => {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  } catch {
    return ['UTC'];
  }
})();

/** The browser's own zone ('Europe/Ljubljana'): a new organization's zone unless the person picks another. */
export const browserTimeZone = () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && TIME_ZONES.includes(zone) ? zone : 'UTC';
};

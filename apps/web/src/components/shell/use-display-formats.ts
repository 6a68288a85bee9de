import { useRef } from 'react';
import { useGetProductConfigurationQuery } from '../../lib/api/product-configuration.api.ts';
import { displayFormats, setDisplayFormats } from '../../lib/format/format.ts';

/**
 * Reads the organization's product configuration and applies its date and time formats to every
 * formatting helper (lib/format). Answers a number that changes when the formats in use change,
 * for the page's key: the page then renders again with the new formats at once.
 */
export const useDisplayFormats = () => {
  const { data } = useGetProductConfigurationQuery();
  const version = useRef({ value: 0, applied: '' });
  if (data) {
    const before = displayFormats();
    setDisplayFormats(data);
    const after = displayFormats();
    const applied = `${after.date}|${after.time}|${after.timeZone}`;
    if (applied !== version.current.applied && applied !== `${before.date}|${before.time}|${before.timeZone}`)
      version.current.value += 1;
    version.current.applied = applied;
  }
  return version.current.value;
};

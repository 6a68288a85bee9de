import type { Place } from '@excursio/contract/location';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocationAutocompleteQuery } from '../../../lib/api/catalog.api.ts';

const MIN_QUERY = 2;
const DEBOUNCE_MS = 300;

/** Place search (`/api/location-autocomplete/`): picking a place hands it to `onPick`. */
export const LocationSearch = ({ onPick }: { onPick: (place: Place) => void }) => {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const skip = debounced.length < MIN_QUERY;
  const { data, isFetching } = useLocationAutocompleteQuery(debounced, { skip });
  const places = skip ? [] : (data?.results ?? []);
  // Values must be unique; two places can share a label.
  const options = places.map((place, index) => ({ value: String(index), label: place.label }));
  return (
    <Autocomplete
      label="Find a place"
      description="Search a city or place; it fills the address, coordinates and time zone."
      placeholder="e.g. Ljubljana"
      leftSection={<IconMapPin size={16} />}
      rightSection={isFetching ? <Loader size={14} /> : null}
      value={query}
      onChange={setQuery}
      data={options}
      // The server already matched the query; do not filter its answer again.
      filter={({ options: all }) => all}
      limit={10}
      onOptionSubmit={(value) => {
        const place = places[Number(value)];
        if (place) onPick(place);
      }}
    />
  );
};

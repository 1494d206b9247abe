import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleEndpoints, personName, type PersonRecord } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const MATCHES = 20;

const optionOf = (person: Pick<PersonRecord, 'id' | 'fullName' | 'userCode'>) => ({
  value: person.id,
  label: `${personName(person.fullName)} (${person.userCode})`,
});

/** GET /api/agent/user?role=remitter: the first remitters matching the typed text (name, email or Unique ID). */
function useRemitterMatches(text: string) {
  return useQuery({
    queryKey: ['payment-filters', 'remitters', text],
    queryFn: async ({ signal }) =>
      (await call(peopleEndpoints.agents, { query: { role: 'remitter', search: text.trim().toLowerCase() || undefined, limit: MATCHES, page: 1 } }, { signal }))
        .data,
    placeholderData: keepPreviousData,
  });
}

/** The chosen remitter's name, when the page opened with only its id in the address. */
function useChosenRemitter(id: string | undefined) {
  return useQuery({
    queryKey: ['payment-filters', 'remitter', id],
    queryFn: async ({ signal }) => (await call(peopleEndpoints.detail, { params: { id: id ?? '' } }, { signal })).data,
    enabled: id !== undefined,
    staleTime: Infinity,
  });
}

/** Remitted By (or `label`): a remitter found by typing (searched by the server, not among a loaded few). */
export function RemitterSelect({
  value,
  onChange,
  label = 'Remitted By',
}: {
  value: string | undefined;
  onChange: (id: string | null) => void;
  label?: string;
}) {
  const [typed, setTyped] = useState('');
  const chosen = useChosenRemitter(value);
  const chosenOption = chosen.data && optionOf(chosen.data);
  // Once chosen, the box shows the remitter's label: that is not a new search.
  const searchText = chosenOption && typed === chosenOption.label ? '' : typed;
  const [debounced] = useDebouncedValue(searchText, 250);
  const matches = useRemitterMatches(debounced);
  const options = (matches.data ?? []).map(optionOf);
  if (chosenOption && !options.some((option) => option.value === chosenOption.value)) options.unshift(chosenOption);
  return (
    <Select
      label={label}
      placeholder="Any remitter"
      data={options}
      value={value ?? null}
      onChange={onChange}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server already matched the text.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={matches.isFetching ? 'Searching…' : 'No remitter matches'}
      error={matches.isError ? matches.error.message : undefined}
      w={240}
    />
  );
}

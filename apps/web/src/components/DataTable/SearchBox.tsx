import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { normaliseSearch } from './tableState.ts';

/** The search box: sends its text lower-cased, a moment after typing stops. */
export function SearchBox({
  value,
  onSearch,
  placeholder = 'Search name, email, phone, Unique ID',
}: {
  value: string;
  onSearch: (search: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  // The status filter also sets the search text: show it.
  useEffect(() => setText(value), [value]);
  const send = useDebouncedCallback((next: string) => onSearch(normaliseSearch(next)), 350);
  return (
    <TextInput
      aria-label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          send.cancel();
          onSearch(normaliseSearch(text));
        }
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PENALTY_SEARCH_MIN_LENGTH } from '@eticket/contracts';
import { searchableCode } from './motoristPenalty.ts';

/** The Unique ID box: 6 characters or more are looked up; anything shorter sends nothing. */
export function MotoristSearchForm({ searching, onSearch }: { searching: boolean; onSearch: (userCode: string) => void }) {
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);

  return (
    <form
      role="search"
      aria-label="Find a motorist"
      onSubmit={(event) => {
        event.preventDefault();
        const code = searchableCode(text);
        setTooShort(code === null);
        if (code !== null) onSearch(code);
      }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Unique ID"
          placeholder="e.g. k7q2mx9p"
          description={`The motorist's Unique ID, ${PENALTY_SEARCH_MIN_LENGTH} characters or more`}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setTooShort(false);
          }}
          error={tooShort ? `Enter at least ${PENALTY_SEARCH_MIN_LENGTH} characters` : undefined}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1, maxWidth: 360 }}
        />
        <Button type="submit" mt={46} loading={searching} leftSection={<IconSearch size={16} aria-hidden />}>
          Search
        </Button>
      </Group>
    </form>
  );
}

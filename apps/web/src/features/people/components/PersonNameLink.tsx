import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { PersonRecord } from '@eticket/contracts';

/** The person's details page, /{id}/details, carrying the row so it shows at once. */
export function PersonNameLink({ person }: { person: PersonRecord }) {
  return (
    <Anchor component={Link} to={`/${person.id}/details`} state={{ person }} tt="capitalize" fw={500} style={{ whiteSpace: 'nowrap' }}>
      {person.fullName}
    </Anchor>
  );
}

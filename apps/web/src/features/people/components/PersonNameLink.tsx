import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { personName, type PersonRecord } from '@eticket/contracts';

/** The person's details page, /{id}/details, carrying the row so it shows at once. */
export function PersonNameLink({ person }: { person: PersonRecord }) {
  return (
    <Anchor component={Link} to={`/${person.id}/details`} state={{ person }} fw={500} style={{ whiteSpace: 'nowrap' }}>
      {personName(person.fullName)}
    </Anchor>
  );
}

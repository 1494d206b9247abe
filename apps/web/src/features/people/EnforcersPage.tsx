import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { ViewNewLink } from './components/ViewNewLink.tsx';

/** Every enforcer, pending ones too (the spec's 'pending' mode is on the New Enforcer page). */
export function EnforcersPage() {
  return (
    <>
      <PageHeader title="Enforcers" actions={<ViewNewLink to="/newenforcer" label="View New Enforcer" capability="enforcers" />} />
      <PeopleTable kind="enforcer" />
    </>
  );
}

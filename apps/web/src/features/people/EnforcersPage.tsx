import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { ViewNewLink } from './components/ViewNewLink.tsx';

/** Spec: the enforcer list opens on the search 'pending'. */
export function EnforcersPage() {
  return (
    <>
      <PageHeader title="Enforcers" actions={<ViewNewLink to="/newenforcer" label="View New Enforcer" capability="enforcers" />} />
      <PeopleTable kind="enforcer" initialSearch="pending" />
    </>
  );
}

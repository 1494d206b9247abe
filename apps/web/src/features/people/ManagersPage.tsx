import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { ViewNewLink } from './components/ViewNewLink.tsx';

export function ManagersPage() {
  return (
    <>
      <PageHeader title="Managers" actions={<ViewNewLink to="/newmanager" label="View New Manager" capability="managers" />} />
      <PeopleTable kind="manager" />
    </>
  );
}

import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { ViewNewLink } from './components/ViewNewLink.tsx';

export function MotoristsPage() {
  return (
    <>
      <PageHeader title="Motorists" actions={<ViewNewLink to="/newmotorist" label="View New Motorist" capability="motorists" />} />
      <PeopleTable kind="motorist" />
    </>
  );
}

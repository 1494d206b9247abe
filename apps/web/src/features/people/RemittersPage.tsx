import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { ViewNewLink } from './components/ViewNewLink.tsx';

/** Approved and suspended remitters; pending ones are on the new-remitter page (spec hiding rule). */
export function RemittersPage() {
  return (
    <>
      <PageHeader title="Remitters" actions={<ViewNewLink to="/newremitter" label="View New Remitter" capability="remitters" />} />
      <PeopleTable kind="remitter" />
    </>
  );
}

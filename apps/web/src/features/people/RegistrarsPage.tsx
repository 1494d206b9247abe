import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { ViewNewLink } from './components/ViewNewLink.tsx';

/** Approved and suspended registrars; pending ones are on the new-registrar page (spec hiding rule). */
export function RegistrarsPage() {
  return (
    <>
      <PageHeader title="Registrars" actions={<ViewNewLink to="/newregistrar" label="View New Registrar" capability="registrars" />} />
      <PeopleTable kind="registrar" />
    </>
  );
}

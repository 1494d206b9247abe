import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { unionUserForm } from './forms/formSpecs.ts';
import { RegistrationModal } from './forms/RegistrationModal.tsx';

export function UnionsPage() {
  return (
    <>
      <PageHeader title="Unions / Partner" actions={<RegistrationModal spec={unionUserForm} capability="unions" />} />
      <PeopleTable kind="union" />
    </>
  );
}

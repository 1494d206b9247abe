import { PageHeader } from '../../components/PageHeader.tsx';
import { PeopleTable } from './components/PeopleTable.tsx';
import { adminForm } from './forms/formSpecs.ts';
import { RegistrationModal } from './forms/RegistrationModal.tsx';

export function AdminsPage() {
  return (
    <>
      <PageHeader title="Admin" actions={<RegistrationModal spec={adminForm} capability="admins" />} />
      <PeopleTable kind="admin" />
    </>
  );
}

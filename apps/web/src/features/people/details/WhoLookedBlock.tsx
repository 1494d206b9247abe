import { can } from '@eticket/contracts';
import { AccessRecordTable } from '../../../components/AccessRecord/AccessRecordTable.tsx';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { DetailSection } from './DetailSection.tsx';

/** "Who looked at this person" on a details page: the super-admin's alone (the 'access-record' capability). */
export function WhoLookedBlock({ personId }: { personId: string }) {
  const viewer = useSignedInUser();
  if (!can(viewer, 'access-record', 'read')) return null;
  return (
    <DetailSection title="Who looked at this person">
      <AccessRecordTable label="Who looked at this person" filter={{ person: personId }} showPerson={false} />
    </DetailSection>
  );
}

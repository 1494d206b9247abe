import type { PersonRecord } from '@eticket/contracts';
import { formatShortDate } from '../../../lib/format.ts';
import { DetailGrid, DetailItem, DetailSection } from './DetailSection.tsx';
import { showsPersonalDetails, unlessHidden } from './display.ts';

/** TIN, route, gender and date of birth (vehicle holders and agents), marital status and address. */
export function PersonalBlock({ person }: { person: PersonRecord }) {
  const full = showsPersonalDetails(person);
  return (
    <DetailSection title="Personal details">
      <DetailGrid>
        {full && <DetailItem label="TIN" value={person.serialID} />}
        {full && <DetailItem label="Route" value={person.route} />}
        {full && <DetailItem label="Gender" value={person.gender} />}
        {full && <DetailItem label="Date of birth" value={unlessHidden(person, 'dob', formatShortDate(person.dob))} />}
        <DetailItem label="Marital status" value={person.maritalStatus} />
        <DetailItem label="Address" value={unlessHidden(person, 'address', person.address)} />
      </DetailGrid>
    </DetailSection>
  );
}

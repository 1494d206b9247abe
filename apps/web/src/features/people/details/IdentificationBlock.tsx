import { Group } from '@mantine/core';
import type { PersonRecord } from '@eticket/contracts';
import { DetailItem, DetailSection } from './DetailSection.tsx';
import { DocumentImage } from './DocumentImage.tsx';
import { idTypeLabel } from '../forms/fields.ts';
import { unlessHidden } from './display.ts';

/** ID type and the front and back images, each opening in a new tab. */
export function IdentificationBlock({ person }: { person: PersonRecord }) {
  return (
    <DetailSection title="Identification">
      <DetailItem label="ID type" value={unlessHidden(person, 'idType', idTypeLabel(person.identity.Name))} />
      <Group gap="lg" align="flex-start">
        <DocumentImage label="ID front" url={person.identity.front} owner={person.fullName} hidden={person.personalData.hidden.includes('idImages')} />
        <DocumentImage label="ID back" url={person.identity.back} owner={person.fullName} hidden={person.personalData.hidden.includes('idImages')} />
      </Group>
    </DetailSection>
  );
}

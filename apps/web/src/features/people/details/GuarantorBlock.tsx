import { Group } from '@mantine/core';
import { personName, type PersonRecord } from '@eticket/contracts';
import { DetailGrid, DetailItem, DetailSection } from './DetailSection.tsx';
import { DocumentImage } from './DocumentImage.tsx';
import { idTypeLabel } from '../forms/fields.ts';
import { HIDDEN } from './display.ts';

/** The guarantor's name, phone, address, ID type and ID images. */
export function GuarantorBlock({ guarantor, hidden }: { guarantor: NonNullable<PersonRecord['guarantor']>; hidden: PersonRecord['personalData']['hidden'] }) {
  return (
    <DetailSection title="Guarantor">
      <DetailGrid>
        <DetailItem label="Name" value={personName(guarantor.name)} />
        <DetailItem label="Phone" value={guarantor.phone} />
        <DetailItem label="Address" value={hidden.includes('guarantor') ? HIDDEN : guarantor.address} />
        <DetailItem label="ID type" value={hidden.includes('guarantor') ? HIDDEN : idTypeLabel(guarantor.identity.Name)} />
      </DetailGrid>
      <Group gap="lg" align="flex-start">
        <DocumentImage
          label="Guarantor ID front"
          url={guarantor.identity.front}
          owner={personName(guarantor.name)}
          hidden={hidden.includes('guarantorIdImages')}
        />
        <DocumentImage
          label="Guarantor ID back"
          url={guarantor.identity.back}
          owner={personName(guarantor.name)}
          hidden={hidden.includes('guarantorIdImages')}
        />
      </Group>
    </DetailSection>
  );
}

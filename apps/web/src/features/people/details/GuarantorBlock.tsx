import { Group } from '@mantine/core';
import { personName, type PersonRecord } from '@eticket/contracts';
import { DetailGrid, DetailItem, DetailSection } from './DetailSection.tsx';
import { DocumentImage } from './DocumentImage.tsx';
import { idTypeLabel } from '../forms/fields.ts';

/** The guarantor's name, phone, address, ID type and ID images. */
export function GuarantorBlock({ guarantor }: { guarantor: NonNullable<PersonRecord['guarantor']> }) {
  return (
    <DetailSection title="Guarantor">
      <DetailGrid>
        <DetailItem label="Name" value={personName(guarantor.name)} />
        <DetailItem label="Phone" value={guarantor.phone} />
        <DetailItem label="Address" value={guarantor.address} />
        <DetailItem label="ID type" value={idTypeLabel(guarantor.identity.Name)} />
      </DetailGrid>
      <Group gap="lg" align="flex-start">
        <DocumentImage label="Guarantor ID front" url={guarantor.identity.front} owner={personName(guarantor.name)} />
        <DocumentImage label="Guarantor ID back" url={guarantor.identity.back} owner={personName(guarantor.name)} />
      </Group>
    </DetailSection>
  );
}

import type { PersonRecord } from '@eticket/contracts';
import { DetailGrid, DetailItem, DetailSection } from './DetailSection.tsx';

/** Plate number, vehicle model and vehicle type. */
export function VehicleBlock({ vehicle }: { vehicle: PersonRecord['vehicle'] }) {
  return (
    <DetailSection title="Vehicle">
      <DetailGrid>
        <DetailItem label="Plate number" value={vehicle?.plateNumber} />
        <DetailItem label="Vehicle model" value={vehicle?.vehicleModel} />
        <DetailItem label="Vehicle type" value={vehicle?.vehicleType} />
      </DetailGrid>
    </DetailSection>
  );
}

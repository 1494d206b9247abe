import { useState } from 'react';
import { Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { VEHICLE_TYPES, type Plan, type VehicleType } from '@eticket/contracts';
import { EditorModal } from '../../components/EditorModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useEditorModal } from '../../lib/useEditorModal.ts';
import { PlanList } from './PlanList.tsx';
import { PlanForm } from './PlanForm.tsx';

const isVehicleType = (value: string | null): value is VehicleType => (VEHICLE_TYPES as readonly (string | null)[]).includes(value);

/** Subscription plans per vehicle type: tabs Keke, Bus, Bike (keke first), Create Plan, Update on each card. */
export function SubscriptionsPage() {
  const [vehicleType, setVehicleType] = useState<VehicleType>('keke');
  const modal = useEditorModal<Plan>();

  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="The plans motorists pay for, per vehicle type."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => modal.open(null)}>
            Create Plan
          </Button>
        }
      />
      <Tabs value={vehicleType} onChange={(value) => isVehicleType(value) && setVehicleType(value)} keepMounted={false}>
        <Tabs.List mb="lg">
          {VEHICLE_TYPES.map((type) => (
            <Tabs.Tab key={type} value={type}>
              {type}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VEHICLE_TYPES.map((type) => (
          <Tabs.Panel key={type} value={type}>
            <PlanList vehicleType={type} onUpdate={modal.open} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <EditorModal opened={modal.opened} title={modal.item ? 'Update Subscription Plan' : 'Create Subscription Plan'} onClose={modal.close}>
        <PlanForm key={modal.key} plan={modal.item} vehicleType={vehicleType} onSaved={modal.close} />
      </EditorModal>
    </>
  );
}

import { Modal } from '@mantine/core';
import type { Plan, VehicleType } from '@eticket/contracts';
import { PlanForm } from './PlanForm.tsx';

/** 'Create Subscription Plan', or the same form to update `plan`. formKey starts the form afresh. */
export function PlanModal({
  opened,
  plan,
  vehicleType,
  formKey,
  onClose,
}: {
  opened: boolean;
  plan: Plan | null;
  vehicleType: VehicleType;
  formKey: number;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={plan ? 'Update Subscription Plan' : 'Create Subscription Plan'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PlanForm key={formKey} plan={plan} vehicleType={vehicleType} onSaved={onClose} />
    </Modal>
  );
}

import { Modal } from '@mantine/core';
import type { PenaltyCharge } from '@eticket/contracts';
import { PenaltyChargeForm } from './PenaltyChargeForm.tsx';

/** 'Create Penalty Charge', or the same form to update `charge`. formKey starts the form afresh. */
export function PenaltyChargeModal({
  opened,
  charge,
  formKey,
  onClose,
}: {
  opened: boolean;
  charge: PenaltyCharge | null;
  formKey: number;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={charge ? 'Update Penalty Charge' : 'Create Penalty Charge'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PenaltyChargeForm key={formKey} charge={charge} onSaved={onClose} />
    </Modal>
  );
}

import { Modal } from '@mantine/core';
import type { Stakeholder } from '@eticket/contracts';
import { AssignPercentageForm } from './AssignPercentageForm.tsx';
import { UpdatePercentageForm } from './UpdatePercentageForm.tsx';

export type AllocationModalMode = { kind: 'create' } | { kind: 'update'; stakeholder: Stakeholder };

/**
 * The allocation modal (spec sections 4 and 5): assign a percentage to a partner union's account,
 * or update an allocation's percentage. It closes once the server answers 201.
 */
export function AllocationModal({
  mode,
  onClose,
  allocated,
  remaining,
}: {
  mode: AllocationModalMode | null;
  onClose: () => void;
  /** Unions that already have an allocation. */
  allocated: ReadonlySet<string>;
  /** Percent still free to allocate. */
  remaining: number | undefined;
}) {
  return (
    <Modal opened={mode !== null} onClose={onClose} title={mode?.kind === 'update' ? 'Update Percentage' : 'Assign Percentage'} size="lg" centered>
      {mode?.kind === 'create' && <AssignPercentageForm onDone={onClose} allocated={allocated} remaining={remaining} />}
      {mode?.kind === 'update' && (
        <UpdatePercentageForm
          stakeholder={mode.stakeholder}
          onDone={onClose}
          remaining={remaining === undefined ? undefined : remaining + mode.stakeholder.percentage}
        />
      )}
    </Modal>
  );
}

import { NativeSelect } from '@mantine/core';
import { PLAN_NAMES, TICKET_MESSAGES, sentForApproval, type Plan, type VehicleType } from '@eticket/contracts';
import { PriceForm } from '../../components/PriceForm.tsx';
import { choicesWithPrompt } from '../../lib/options.ts';
import { planFormValues, planRequest } from './planForm.ts';
import { useSavePlan } from './queries.ts';

const NAME_CHOICES = choicesWithPrompt(PLAN_NAMES, 'Choose a plan');

/** Name, vehicle type and price of a plan; creates it, or updates `plan`. */
export function PlanForm({ plan, vehicleType, onSaved }: { plan: Plan | null; vehicleType: VehicleType; onSaved: () => void }) {
  return (
    <PriceForm
      initialValues={planFormValues(plan, vehicleType)}
      check={planRequest}
      save={useSavePlan()}
      id={plan?.id}
      savedMessage={plan ? TICKET_MESSAGES.planUpdated : TICKET_MESSAGES.planCreated}
      // Spec section 4: the modal closes on 201 (create) or on 'Plan updated successfully'.
      // A price change sent for a second person's approval (202) closes it too (docs/approvals.md).
      refused={(reply) => plan !== null && reply.message !== TICKET_MESSAGES.planUpdated && !sentForApproval(reply)}
      submitLabel="Save Plan"
      fields={(form) => <NativeSelect label="Plan Name" data={NAME_CHOICES} required {...form.getInputProps('name')} />}
      onSaved={onSaved}
    />
  );
}

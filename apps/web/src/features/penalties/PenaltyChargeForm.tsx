import { TICKET_MESSAGES, type PenaltyCharge } from '@eticket/contracts';
import { PriceForm } from '../../components/PriceForm.tsx';
import { chargeFormValues, chargeRequest } from './chargeForm.ts';
import { useSavePenaltyCharge } from './queries.ts';

/** Vehicle type and price of a penalty charge; creates it, or updates `charge`. */
export function PenaltyChargeForm({ charge, onSaved }: { charge: PenaltyCharge | null; onSaved: () => void }) {
  return (
    <PriceForm
      initialValues={chargeFormValues(charge)}
      check={chargeRequest}
      save={useSavePenaltyCharge()}
      id={charge?.id}
      savedMessage={charge ? TICKET_MESSAGES.penaltyUpdated : TICKET_MESSAGES.penaltyCreated}
      submitLabel="Save Charge"
      onSaved={onSaved}
    />
  );
}

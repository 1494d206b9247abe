import type { TicketSubscription } from '@eticket/contracts';

/**
 * The slot for the subscription's Pause / Resume buttons on the detail page (spec section 4:
 * super-admin and admin; PATCH /api/subscription/pause/{id} and /resume/{id}). They belong to the
 * tickets console (issue 4), which fills this component in; until then it shows nothing.
 */
export function SubscriptionActions(_props: { subscription: TicketSubscription; motoristId: string }) {
  return null;
}

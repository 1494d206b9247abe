import type { FastifyInstance } from 'fastify';
import type { OnlinePayments, ProviderTransaction } from '../online-payments/index.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';
import { dedicatedAccountRoutes } from './routes.ts';
import { createDedicatedAccountService, type DedicatedAccountDeps, type DedicatedAccountService } from './service.ts';

/**
 * Dedicated accounts (issue 43): a bank account per motorist at the provider; a transfer into it
 * pays a plan or the penalty, else suspense. The webhook's handler for non-checkout charges is this
 * module's face (`applyCharge(tx, charge)`), given a DedicatedCharge.
 * @public
 */
export type { DedicatedCharge } from './service.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A charge.success that is none of the levy's checkouts, as a transfer into a dedicated account. */
const chargeOf = (charge: ProviderTransaction) => ({
  reference: charge.reference,
  amountKobo: charge.amountKobo,
  currency: charge.currency,
  receiverAccountNumber: charge.receiverAccountNumber,
  paidAt: charge.paidAt,
  channel: charge.channel,
  payer: charge.senderName ? `${charge.senderName}${charge.senderBank ? ` (${charge.senderBank})` : ''}` : charge.customerEmail,
});

/**
 * The account block's routes; when dedicated accounts are on, the online-payments webhook hands this
 * module every charge.success that is not a checkout (each applied in its own transaction, once).
 */
function register(app: FastifyInstance, deps: DedicatedAccountDeps & { payments?: OnlinePayments | null }): DedicatedAccountService {
  const service = createDedicatedAccountService(deps);
  registerRoutes(app, dedicatedAccountRoutes(service));
  if (service.enabled && deps.payments) {
    deps.payments.onDedicatedAccountCharge(async (charge) => {
      const outcome = await deps.db.transaction((tx) => service.applyCharge(tx, chargeOf(charge)));
      return `dedicated account: ${outcome}`;
    });
  }
  return service;
}

/** Every minute, the accounts asked for are made; daily, the provider is asked to resend missed transfers. One process at a time. */
function jobs(deps: DedicatedAccountDeps): Job[] {
  if (!deps.provider) return [];
  return [
    { name: 'dedicated-accounts-assign', everyMs: MINUTE_MS, run: ({ db }) => createDedicatedAccountService({ ...deps, db }).assignWaiting() },
    { name: 'dedicated-accounts-requery', everyMs: DAY_MS, run: ({ db, now }) => createDedicatedAccountService({ ...deps, db }).requery(now) },
  ];
}

export const descriptor = defineModule({ name: 'dedicated-accounts', routes: register, jobs });

/** Paystack's bank for dedicated accounts when PAYSTACK_DEDICATED_BANK is unset. */
export const DEFAULT_PREFERRED_BANK = 'wema-bank';

/** The email a motorist's provider customer gets (Paystack needs one): their Unique ID at the levy's own host (PUBLIC_URL), else a fixed one. */
export const customerEmail =
  (publicUrl: string | undefined) =>
  (userCode: string): string =>
    `${userCode}@${publicUrl ? new URL(publicUrl).hostname : 'motorists.eticketing.ng'}`;

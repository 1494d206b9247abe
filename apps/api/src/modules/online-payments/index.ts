import type { FastifyInstance } from 'fastify';
import type { Translator } from '@eticket/i18n';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';
import { fieldOn } from '../field/index.ts';
import { payPart } from './pages.ts';
import { createPaystackClient } from './provider/paystack.ts';
import type { PaymentProvider } from './provider/types.ts';
import { registerOnlinePaymentRoutes } from './routes.ts';
import { createOnlinePayments, type OnlinePayments } from './service.ts';

/**
 * Online payments (issue 43; docs/online-payments.md): motorists pay by themselves through a payment
 * provider (Paystack) behind the adapter in provider/: checkout from the public vehicle page, webhooks
 * kept in an inbox and applied once, a verify job for lost notifications. Off without
 * PAYSTACK_SECRET_KEY: the vehicle page says to pay a registered agent.
 */
export type { PaymentProvider, ProviderTransaction } from './provider/types.ts';
export type { OnlinePayments } from './service.ts';

export interface OnlinePaymentSettings {
  /** PAYSTACK_SECRET_KEY; unset: online payments are off. */
  secretKey?: string;
  /** PAYSTACK_BASE_URL (the stand-in's address in tests and local trials). */
  baseUrl: string;
}

/** Online payments on a database, or null when no provider is configured. */
export function onlinePaymentsOn(deps: {
  db: Database;
  clock: Clock;
  settings?: OnlinePaymentSettings;
  /** A provider other than Paystack (tests may pass one); wins over settings. */
  provider?: PaymentProvider;
  /** PUBLIC_URL, else this server's own address. */
  publicUrl: string;
  receiptTexts?: { publicUrl?: string; queued(): void };
  log?: FastifyInstance['log'];
}): OnlinePayments | null {
  const provider =
    deps.provider ?? (deps.settings?.secretKey ? createPaystackClient({ secretKey: deps.settings.secretKey, baseUrl: deps.settings.baseUrl }) : null);
  if (!provider) return null;
  const field = fieldOn(deps.db, deps.clock, { through: 'provider', receiptTexts: deps.receiptTexts });
  const baseUrl = deps.settings?.baseUrl ?? 'https://api.paystack.co';
  // Paystack's checkout is on its own host; the stand-in serves its checkout itself.
  const checkoutOrigin = /^https:\/\/api\.paystack\.co\/?$/.test(baseUrl) ? 'https://checkout.paystack.com' : new URL(baseUrl).origin;
  return createOnlinePayments({ db: deps.db, clock: deps.clock, provider, field, publicUrl: deps.publicUrl, checkoutOrigin, log: deps.log });
}

/** The vehicle page's Pay part (modules/public): the form when payments are on, "pay a registered agent" when off. */
export async function vehiclePayPart(payments: OnlinePayments | null, userCode: string, t: Translator): Promise<string> {
  if (!payments) return payPart(t, null, false);
  return payPart(t, await payments.payContext(userCode), true);
}

interface Deps {
  payments: OnlinePayments | null;
  clock: Clock;
}

/** The webhook and the payer's pages; answers the service (the dedicated-accounts module sets its handler on it), null when off. */
function register(app: FastifyInstance, deps: Deps): OnlinePayments | null {
  if (deps.payments) registerOnlinePaymentRoutes(app, deps.payments, deps.clock);
  return deps.payments;
}

/** Every minute, one process at a time: checkouts pending 10 minutes are verified, kept events not applied are applied. */
function jobs(deps: Deps): Job[] {
  const payments = deps.payments;
  if (!payments) return [];
  return [{ name: 'online-payments-verify', everyMs: 60_000, run: () => payments.recover() }];
}

export const descriptor = defineModule({ name: 'online-payments', routes: register, jobs });

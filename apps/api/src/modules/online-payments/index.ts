import { defineModule, noJobs } from '../../platform/modules.ts';

/**
 * Online payments (issue 43; docs/online-payments.md): motorists pay by themselves through a payment
 * provider (Paystack) behind the adapter in provider/: checkout from the public vehicle page, webhooks
 * kept in an inbox and applied once, a verify job for lost notifications.
 */
export { createPaystackClient } from './provider/paystack.ts';
export { ProviderError, type PaymentProvider, type ProviderTransaction, type DedicatedAccount, type Settlement } from './provider/types.ts';

export const descriptor = defineModule<Record<string, never>, void>({ name: 'online-payments', routes: () => undefined, jobs: noJobs });

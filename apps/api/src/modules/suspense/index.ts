import { defineModule, noJobs } from '../../platform/modules.ts';

/**
 * Suspense (issue 43): money received through the online payment provider that pays nothing yet —
 * a transfer of an amount that matches no plan or penalty, a checkout whose amount or currency is not
 * what the server initialised. Kept once per provider reference and posted provider clearing →
 * suspense; staff assign or refund it (the console's suspense page).
 */
export { receiveIntoSuspense, type IncomingMoney, type SuspenseReason } from './service.ts';

/** No routes yet: items come in through receiveIntoSuspense, on the caller's transaction. */
export const descriptor = defineModule<Record<string, never>, void>({ name: 'suspense', routes: () => undefined, jobs: noJobs });

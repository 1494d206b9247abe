import type { Database } from '../../db/connect.ts';
import { createOfflineBankProvider } from './offline.ts';
import { createPaystackProvider } from './paystack.ts';
import type { BankProvider } from './provider.ts';

export * from './provider.ts';
export { accountNumberProblem, nubanCheckDigit } from './nuban.ts';
export { createOfflineBankProvider } from './offline.ts';

/** Paystack when a secret key is configured, otherwise the offline list and directory. */
export function createBankProvider(
  config: { PAYSTACK_SECRET_KEY?: string; PAYSTACK_BASE_URL?: string; BANK_LOOKUP?: 'paystack' | 'offline' },
  db: Database,
): BankProvider {
  // BANK_LOOKUP=offline keeps the bundled list and directory though Paystack takes online payments.
  if (config.PAYSTACK_SECRET_KEY && config.BANK_LOOKUP !== 'offline') {
    return createPaystackProvider({ secretKey: config.PAYSTACK_SECRET_KEY, baseUrl: config.PAYSTACK_BASE_URL });
  }
  return createOfflineBankProvider(db);
}

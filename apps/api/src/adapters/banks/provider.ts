import { HttpError } from '../../platform/http/errors.ts';

/** A bank as the console lists it: its code (sent back on lookups) and its name. */
export interface Bank {
  code: string;
  name: string;
}

export interface ResolvedAccount {
  accountNumber: string;
  accountName: string;
}

/**
 * Where bank names and account names come from (DESIGN.md "Bank provider"): Paystack when
 * PAYSTACK_SECRET_KEY is set, otherwise the offline list and the local directory of known accounts.
 * Failures are HttpErrors with a message for the caller: 422 when the account cannot be resolved,
 * 502 when the provider cannot be used. Neither ever carries the provider's secret.
 */
export interface BankProvider {
  readonly kind: 'paystack' | 'offline';
  listBanks(): Promise<Bank[]>;
  /** The holder's name; the caller has validated the account number (NUBAN) already. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<ResolvedAccount>;
}

export const UNRESOLVED_ACCOUNT_MESSAGE = 'Could not resolve the account name; check the bank and the account number';

export const unresolvedAccount = (detail?: string) => new HttpError(422, detail ? `${UNRESOLVED_ACCOUNT_MESSAGE} (${detail})` : UNRESOLVED_ACCOUNT_MESSAGE);

export const providerUnavailable = (message: string) => new HttpError(502, message);

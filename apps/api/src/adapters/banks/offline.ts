import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { bankAccountsDirectory } from '../../db/schema.ts';
import { NIGERIAN_BANKS } from './nigerian-banks.ts';
import { unresolvedAccount, type BankProvider, type ResolvedAccount } from './provider.ts';

/**
 * The default provider, for running without Paystack: the bundled list of Nigerian banks, and
 * account names from the local directory of known accounts (table bank_accounts_directory).
 * An account not in the directory is answered honestly: its name could not be resolved.
 */
export function createOfflineBankProvider(db: Database): BankProvider {
  return {
    kind: 'offline',

    async listBanks() {
      return [...NIGERIAN_BANKS];
    },

    async resolveAccount(bankCode: string, accountNumber: string): Promise<ResolvedAccount> {
      const [row] = await db
        .select({ accountName: bankAccountsDirectory.accountName })
        .from(bankAccountsDirectory)
        .where(and(eq(bankAccountsDirectory.bankCode, bankCode), eq(bankAccountsDirectory.accountNumber, accountNumber)))
        .limit(1);
      if (!row) throw unresolvedAccount('the account is not in the offline directory of known accounts');
      return { accountNumber, accountName: row.accountName };
    },
  };
}

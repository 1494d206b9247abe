import { formatNaira, type Kobo } from '../../domain/money.ts';

/** One successful transaction as the provider lists it for the day. */
export interface ProviderTransaction {
  reference: string;
  amountKobo: Kobo;
  feesKobo: Kobo;
}

/** What the ledger credited for one provider reference that day (clearing:online, net of that day's entries). */
export interface LedgerCredit {
  reference: string;
  amountKobo: Kobo;
}

export type SettlementDifferenceKind = 'ledger-only' | 'provider-only' | 'amount-differs' | 'fees';

export interface SettlementDifference {
  kind: SettlementDifferenceKind;
  /** The provider's reference; null for the day's fees line. */
  reference: string | null;
  ledgerKobo: Kobo;
  providerKobo: Kobo;
  message: string;
}

export interface SettlementMatch {
  providerCount: number;
  providerKobo: Kobo;
  ledgerCount: number;
  ledgerKobo: Kobo;
  feesKobo: Kobo;
  settledKobo: Kobo;
  /** The differences' absolute amounts summed, fees excepted (they are explained): 0 on a clean day. */
  unexplainedKobo: Kobo;
  differences: SettlementDifference[];
}

/**
 * Matches a day's provider transactions to the ledger's credits, by reference: credited here but
 * not there, there but not here, the amount differs; the provider's fees are a line of their own
 * (explained: they are what the provider keeps, and settled = transactions − fees). Differences come
 * in reference order, the fees line last.
 */
export function matchSettlement(provider: readonly ProviderTransaction[], ledger: readonly LedgerCredit[], settledKobo: Kobo): SettlementMatch {
  const theirs = new Map<string, ProviderTransaction>();
  for (const transaction of provider) {
    const seen = theirs.get(transaction.reference);
    theirs.set(
      transaction.reference,
      seen ? { reference: seen.reference, amountKobo: seen.amountKobo + transaction.amountKobo, feesKobo: seen.feesKobo + transaction.feesKobo } : transaction,
    );
  }
  const ours = new Map<string, Kobo>();
  for (const credit of ledger) ours.set(credit.reference, (ours.get(credit.reference) ?? 0) + credit.amountKobo);
  for (const [reference, amount] of ours) if (amount === 0) ours.delete(reference);

  const differences: SettlementDifference[] = [];
  const references = [...new Set([...theirs.keys(), ...ours.keys()])].sort();
  for (const reference of references) {
    const there = theirs.get(reference)?.amountKobo;
    const here = ours.get(reference);
    if (there === undefined && here !== undefined) {
      differences.push({
        kind: 'ledger-only',
        reference,
        ledgerKobo: here,
        providerKobo: 0,
        message: `${reference}: credited here (${formatNaira(here)}) but not in the provider's transactions`,
      });
    } else if (there !== undefined && here === undefined) {
      differences.push({
        kind: 'provider-only',
        reference,
        ledgerKobo: 0,
        providerKobo: there,
        message: `${reference}: in the provider's transactions (${formatNaira(there)}) but not credited here`,
      });
    } else if (there !== undefined && here !== undefined && there !== here) {
      differences.push({
        kind: 'amount-differs',
        reference,
        ledgerKobo: here,
        providerKobo: there,
        message: `${reference}: credited ${formatNaira(here)} here, ${formatNaira(there)} at the provider`,
      });
    }
  }
  const providerKobo = sum([...theirs.values()].map((t) => t.amountKobo));
  const feesKobo = sum([...theirs.values()].map((t) => t.feesKobo));
  if (feesKobo !== 0) {
    differences.push({ kind: 'fees', reference: null, ledgerKobo: 0, providerKobo: feesKobo, message: `Provider fees: ${formatNaira(feesKobo)}` });
  }
  const unexplainedKobo = sum(differences.filter((d) => d.kind !== 'fees').map((d) => Math.abs(d.providerKobo - d.ledgerKobo)));
  return {
    providerCount: theirs.size,
    providerKobo,
    ledgerCount: ours.size,
    ledgerKobo: sum([...ours.values()]),
    feesKobo,
    settledKobo,
    unexplainedKobo,
    differences,
  };
}

const sum = (values: readonly Kobo[]): Kobo => values.reduce((total, value) => total + value, 0);

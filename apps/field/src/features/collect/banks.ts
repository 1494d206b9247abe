import { allocationEndpoints, type Bank } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const KEY = 'fieldBanks';

/** The banks a transfer, POS or card payment names: from the server when online (kept for offline use), else as last kept. */
export async function banksOf(): Promise<Bank[]> {
  try {
    const { data: banks } = await call(allocationEndpoints.banks);
    localStorage.setItem(KEY, JSON.stringify(banks));
    return banks;
  } catch (failure) {
    const kept = localStorage.getItem(KEY);
    if (kept) return JSON.parse(kept) as Bank[];
    throw failure;
  }
}

import { profileEndpoints } from '@eticket/contracts';
import { call } from './api.ts';
import { readSession } from './session.ts';

/** The agent's name and Unique ID, kept for receipts printed offline. */
export interface AgentCard {
  id: string;
  fullName: string;
  userCode: string;
}

const KEY = 'fieldAgent';

export async function loadAgent(): Promise<AgentCard | null> {
  const session = readSession();
  if (!session) return null;
  try {
    const { data } = await call(profileEndpoints.own);
    const card = { id: data.id, fullName: data.fullName, userCode: data.userCode };
    localStorage.setItem(KEY, JSON.stringify(card));
    return card;
  } catch {
    // offline: the card kept from the last sign-in
  }
  const kept = localStorage.getItem(KEY);
  const card = kept ? (JSON.parse(kept) as AgentCard) : null;
  return card?.id === session.user.id ? card : null;
}

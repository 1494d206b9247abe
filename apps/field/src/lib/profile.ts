import { profileEndpoints } from '@eticket/contracts';
import { applyAccountLanguage } from './language.ts';
import { call } from './api.ts';
import { workingAgent } from './session.ts';

/** The agent's name and Unique ID, kept for receipts printed offline. */
export interface AgentCard {
  id: string;
  fullName: string;
  userCode: string;
}

const KEY = 'fieldAgent';

export async function loadAgent(): Promise<AgentCard | null> {
  const agent = workingAgent();
  if (!agent) return null;
  try {
    const { data } = await call(profileEndpoints.own);
    const card = { id: data.id, fullName: data.fullName, userCode: data.userCode };
    void applyAccountLanguage(data.language);
    localStorage.setItem(KEY, JSON.stringify(card));
    return card;
  } catch {
    // offline: the card kept from the last sign-in
  }
  return keptAgentCard(agent.id);
}

/** The card kept from the agent's last sign-in on this phone. */
export function keptAgentCard(agentId: string): AgentCard | null {
  try {
    const card = JSON.parse(localStorage.getItem(KEY) ?? 'null') as AgentCard | null;
    return card?.id === agentId ? card : null;
  } catch {
    return null;
  }
}

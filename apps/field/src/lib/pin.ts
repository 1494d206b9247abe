import { t } from './i18n.ts';
/**
 * The offline PIN (docs/field.md, "Working offline after the session ends"): set while signed in,
 * it lets its agent keep capturing on this phone after their session expires without network.
 * Kept only as a slow salted hash (PBKDF2-SHA-256, 600,000 iterations, the agent's id in the salt),
 * 5 wrong tries erase it, and nothing captured on it is sent before a password sign-in online.
 */
export const PIN_LENGTH = 6;
const PIN_TRIES = 5;
/** How long after the session's end a PIN still unlocks offline work: one shift. */
export const PIN_WORK_HOURS = 12;
const ITERATIONS = 600_000;

interface PinRecord {
  agentId: string;
  salt: string;
  hash: string;
  iterations: number;
  triesLeft: number;
}

const keyOf = (agentId: string) => `fieldPin:${agentId}`;
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const bytesOf = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function hashPin(pin: string, agentId: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  // The agent's id in the salt binds the hash to them: a record copied under another agent's name fails.
  const boundSalt = new Uint8Array([...salt, ...new TextEncoder().encode(agentId)]);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: boundSalt, iterations }, key, 256);
  return base64(new Uint8Array(bits));
}

function readRecord(agentId: string): PinRecord | null {
  try {
    const record = JSON.parse(localStorage.getItem(keyOf(agentId)) ?? 'null') as PinRecord | null;
    return record?.agentId === agentId ? record : null;
  } catch {
    return null;
  }
}

/** Why a PIN cannot be used, or undefined when it can. */
export function pinProblem(pin: string): string | undefined {
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return t('pin.digits', { digits: PIN_LENGTH });
  if (/^(\d)\1+$/.test(pin) || '0123456789'.includes(pin) || '9876543210'.includes(pin)) return t('pin.weak');
  return undefined;
}

export const hasPin = (agentId: string) => readRecord(agentId) !== null;

export async function setPin(agentId: string, pin: string): Promise<void> {
  const problem = pinProblem(pin);
  if (problem) throw new Error(problem);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await hashPin(pin, agentId, salt, ITERATIONS);
  const record: PinRecord = { agentId, salt: base64(salt), hash, iterations: ITERATIONS, triesLeft: PIN_TRIES };
  localStorage.setItem(keyOf(agentId), JSON.stringify(record));
}

const forgetPin = (agentId: string) => localStorage.removeItem(keyOf(agentId));

/** Checks a PIN; a try is spent before the comparison, and the last wrong one erases the PIN. */
export async function checkPin(agentId: string, pin: string): Promise<{ ok: true } | { ok: false; triesLeft: number }> {
  const record = readRecord(agentId);
  if (!record) return { ok: false, triesLeft: 0 };
  const triesLeft = record.triesLeft - 1;
  if (triesLeft <= 0) forgetPin(agentId);
  else localStorage.setItem(keyOf(agentId), JSON.stringify({ ...record, triesLeft }));
  const hash = await hashPin(pin, agentId, bytesOf(record.salt), record.iterations);
  if (hash !== record.hash) return { ok: false, triesLeft };
  localStorage.setItem(keyOf(agentId), JSON.stringify({ ...record, triesLeft: PIN_TRIES }));
  return { ok: true };
}

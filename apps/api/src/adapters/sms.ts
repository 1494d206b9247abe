import { randomBytes } from 'node:crypto';
import { writeOutboxFile } from './outbox-file.ts';

/** One text message: to a number as 234XXXXXXXXXX (domain/phone.ts), plain ASCII text. */
interface TextMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  /** 'outbox' or the provider's name, kept with each message sent. */
  readonly name: string;
  /** Sends one message; resolves with the provider's id for it (the outbox's file name). A failure is thrown. */
  send(message: TextMessage): Promise<{ id: string }>;
}

const TERMII_DEFAULT_BASE_URL = 'https://api.ng.termii.com';

export interface SmsOptions {
  provider: 'outbox' | 'termii';
  /** Where the outbox writes its files (DATA_DIR/sms-outbox). */
  outboxDir: string;
  termii?: { apiKey: string; senderId: string; baseUrl?: string; timeoutMs?: number };
  clock?: () => Date;
}

/** Termii when configured (SMS_PROVIDER=termii), otherwise the outbox folder. */
export function createSmsSender(options: SmsOptions): SmsSender {
  if (options.provider === 'termii') {
    if (!options.termii) throw new Error('SMS_PROVIDER=termii needs TERMII_API_KEY and TERMII_SENDER_ID');
    return termiiSender(options.termii);
  }
  return smsOutbox(options.outboxDir, options.clock ?? (() => new Date()));
}

/**
 * The local default: each message a JSON file { to, body, at } in the folder, named by time so a
 * listing reads oldest first (as the mail outbox writes .eml files).
 */
export function smsOutbox(dir: string, now: () => Date = () => new Date()): SmsSender {
  return {
    name: 'outbox',
    async send(message) {
      const at = now().toISOString();
      const name = `${at.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      await writeOutboxFile(dir, name, `${JSON.stringify({ to: message.to, body: message.body, at }, null, 2)}\n`);
      return { id: name };
    },
  };
}

/** Termii's reply to a send: { message_id, message: 'Successfully Sent', balance, user }; failures: { message }. */
interface TermiiReply {
  message_id?: unknown;
  message?: unknown;
}

/**
 * Termii's messaging API (https://developers.termii.com/messaging-api): POST {base}/api/sms/send with
 * a JSON body { api_key, to, from, sms, type: 'plain', channel: 'generic' }. Accepted when it answers
 * 2xx with a message_id; anything else (an error status, no id, no answer in time) is thrown, and the
 * message stays queued for a later try.
 */
export function termiiSender(options: { apiKey: string; senderId: string; baseUrl?: string; timeoutMs?: number }): SmsSender {
  const url = `${(options.baseUrl ?? TERMII_DEFAULT_BASE_URL).replace(/\/+$/, '')}/api/sms/send`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'termii',
    async send(message) {
      const payload = { api_key: options.apiKey, to: message.to, from: options.senderId, sms: message.body, type: 'plain', channel: 'generic' };
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`Termii did not answer within ${timeoutMs / 1000} s`);
        throw new Error(`Termii could not be reached: ${(error as Error).message}`);
      }
      let reply: TermiiReply | null = null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) reply = parsed as TermiiReply;
      } catch {
        reply = null;
      }
      const said = typeof reply?.message === 'string' ? `: ${reply.message.replace(/\s+/g, ' ').slice(0, 160)}` : '';
      if (response.status === 401 || response.status === 403) throw new Error(`Termii refused the key (HTTP ${response.status}; check TERMII_API_KEY)${said}`);
      if (!response.ok) throw new Error(`Termii answered HTTP ${response.status}${said}`);
      const id = reply?.message_id;
      if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') throw new Error(`Termii answered without a message_id${said}`);
      return { id: String(id) };
    },
  };
}

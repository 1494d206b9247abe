import { MESSAGES } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { systemClock } from '../../lib/clock.ts';
import { providerUnavailable, unresolvedAccount, type Bank, type BankProvider, type ResolvedAccount } from './provider.ts';

const PAYSTACK_DEFAULT_BASE_URL = 'https://api.paystack.co';

export interface PaystackOptions {
  secretKey: string;
  baseUrl?: string;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  /** How long a fetched bank list is reused. */
  bankListTtlMs?: number;
  clock?: Clock;
  fetchImpl?: typeof fetch;
}

/** Paystack's envelope: { status, message, data, meta? } (https://paystack.com/docs/api/). */
interface PaystackEnvelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
  meta?: { next?: unknown } | null;
}

interface PaystackReply {
  httpStatus: number;
  body: PaystackEnvelope | null;
}

const MAX_BANK_PAGES = 10;

/** A short, printable piece of the provider's own message, if it sent one. */
function providerMessage(body: PaystackEnvelope | null): string | undefined {
  if (!body || typeof body.message !== 'string') return undefined;
  const text = body.message.replace(/[\r\n\t]+/g, ' ').trim();
  return text ? text.slice(0, 160) : undefined;
}

export function createPaystackProvider(options: PaystackOptions): BankProvider {
  const baseUrl = (options.baseUrl ?? PAYSTACK_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const ttlMs = options.bankListTtlMs ?? 60 * 60 * 1000;
  const clock = options.clock ?? systemClock;
  const fetchImpl = options.fetchImpl ?? fetch;
  let cached: { banks: Bank[]; until: number } | null = null;

  /** One GET; network failures, time-outs and unreadable bodies become 502s here. */
  async function get(pathAndQuery: string, failure: string): Promise<PaystackReply> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchImpl(`${baseUrl}${pathAndQuery}`, {
        method: 'GET',
        headers: { authorization: `Bearer ${options.secretKey}`, accept: 'application/json' },
        signal,
      });
      const text = await response.text();
      let body: PaystackEnvelope | null = null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as PaystackEnvelope;
      } catch {
        body = null;
      }
      return { httpStatus: response.status, body };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (signal.aborted || name === 'TimeoutError' || name === 'AbortError') {
        throw providerUnavailable(`${failure}: the bank provider did not answer in time, try again shortly`);
      }
      throw providerUnavailable(`${failure}: the bank provider could not be reached, try again shortly`);
    }
  }

  /** Failures every call shares: credentials, rate limits, provider errors, bodies that are not Paystack's. */
  function commonFailure(reply: PaystackReply, failure: string): Error | null {
    const { httpStatus, body } = reply;
    if (httpStatus === 401 || httpStatus === 403) {
      return providerUnavailable(`${failure}: the bank provider refused the server's credentials (check PAYSTACK_SECRET_KEY)`);
    }
    if (httpStatus === 429) return providerUnavailable(`${failure}: the bank provider is busy, try again shortly`);
    if (httpStatus >= 500) return providerUnavailable(`${failure}: the bank provider failed (status ${httpStatus}), try again shortly`);
    if (!body || typeof body.status !== 'boolean') {
      return providerUnavailable(`${failure}: the bank provider sent an answer we could not read`);
    }
    return null;
  }

  async function fetchBanks(): Promise<Bank[]> {
    const failure = MESSAGES.bankNamesFailed;
    const byCode = new Map<string, Bank>();
    let cursor: string | null = null;
    for (let page = 0; page < MAX_BANK_PAGES; page++) {
      const query = new URLSearchParams({ currency: 'NGN', use_cursor: 'true', perPage: '100' });
      if (cursor) query.set('next', cursor);
      const reply = await get(`/bank?${query}`, failure);
      const common = commonFailure(reply, failure);
      if (common) throw common;
      const body = reply.body!;
      if (body.status !== true || !Array.isArray(body.data)) {
        const detail = providerMessage(body);
        throw providerUnavailable(detail ? `${failure}: ${detail}` : failure);
      }
      for (const entry of body.data as unknown[]) {
        if (!entry || typeof entry !== 'object') continue;
        const bank = entry as { code?: unknown; name?: unknown; active?: unknown; is_deleted?: unknown };
        if (typeof bank.code !== 'string' || typeof bank.name !== 'string') continue;
        const code = bank.code.trim();
        const name = bank.name.trim();
        if (!/^\d{3,6}$/.test(code) || !name || bank.active === false || bank.is_deleted === true) continue;
        if (!byCode.has(code)) byCode.set(code, { code, name });
      }
      const next = body.meta?.next;
      if (typeof next !== 'string' || next === '') break;
      cursor = next;
    }
    if (byCode.size === 0) throw providerUnavailable(`${failure}: the bank provider listed no banks`);
    return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  return {
    kind: 'paystack',

    async listBanks() {
      const now = clock.now().getTime();
      if (cached && cached.until > now) return cached.banks;
      const banks = await fetchBanks();
      cached = { banks, until: now + ttlMs };
      return banks;
    },

    async resolveAccount(bankCode: string, accountNumber: string): Promise<ResolvedAccount> {
      const failure = 'Could not look up the account name';
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const reply = await get(`/bank/resolve?${query}`, failure);
      const common = commonFailure(reply, failure);
      if (common) throw common;
      const body = reply.body!;
      if (body.status !== true || reply.httpStatus >= 400) {
        // Paystack answers an account it cannot resolve with status false (HTTP 400 or 422).
        throw unresolvedAccount(providerMessage(body));
      }
      const data = body.data as { account_name?: unknown } | null | undefined;
      const accountName = typeof data?.account_name === 'string' ? data.account_name.trim() : '';
      if (!accountName) throw providerUnavailable(`${failure}: the bank provider sent no account name`);
      return { accountNumber, accountName };
    },
  };
}

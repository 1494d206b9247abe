import { startOfLagosDay, startOfNextLagosDay } from '../../../domain/calendar.ts';
import { signatureMatches } from './signature.ts';
import {
  ProviderError,
  type DedicatedAccount,
  type DedicatedAccountRequest,
  type Initialized,
  type InitializeRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderTransaction,
  type Settlement,
} from './types.ts';

/**
 * Paystack as its public documentation describes it (/work/shared/notes/paystack.md): every call
 * carries the secret key as a Bearer token; replies are { status, message, data, meta }. The base
 * URL is PAYSTACK_BASE_URL (the stand-in's address in tests and local trials).
 */
export interface PaystackClientOptions {
  secretKey: string;
  baseUrl: string;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

interface Envelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
  meta?: { pageCount?: unknown; page?: unknown } | null;
}

type Json = Record<string, unknown>;

const MAX_PAGES = 50;
const PER_PAGE = 100;

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const obj = (value: unknown): Json | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);
const dateOf = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** A Paystack transaction object (verify, list, charge.success data) in the adapter's terms; null when it lacks the essentials. */
export function transactionOf(value: unknown): ProviderTransaction | null {
  const data = obj(value);
  if (!data) return null;
  const reference = str(data.reference);
  const amountKobo = int(data.amount);
  if (!reference || amountKobo === null) return null;
  const customer = obj(data.customer);
  const authorization = obj(data.authorization);
  const channel = str(authorization?.channel) === 'dedicated_nuban' ? 'dedicated_nuban' : str(data.channel);
  return {
    id: str(data.id) ?? reference,
    reference,
    status: str(data.status) ?? 'unknown',
    amountKobo,
    currency: str(data.currency) ?? '',
    channel,
    paidAt: dateOf(data.paid_at ?? data.paidAt),
    feesKobo: int(data.fees),
    customerEmail: str(customer?.email),
    customerCode: str(customer?.customer_code),
    receiverAccountNumber: str(authorization?.receiver_bank_account_number),
    senderName: str(authorization?.sender_name),
    senderBank: str(authorization?.sender_bank),
    metadata: data.metadata ?? null,
  };
}

/** A verified webhook body as an event (charge.* events carry their transaction); null when it is not Paystack's shape. */
export function paystackEventOf(rawBody: Buffer): ProviderEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const body = obj(parsed);
  const event = str(body?.event);
  const data = obj(body?.data);
  if (!event || !data) return null;
  const charge = event.startsWith('charge.') ? transactionOf(data) : null;
  const reference = charge?.reference ?? str(data.reference) ?? str(data.id) ?? str(obj(data.customer)?.customer_code);
  if (!reference) return null;
  return { event, reference, charge };
}

/** A Lagos day's bounds as the instants Paystack's from/to take. */
function dayRange(day: string): { from: string; to: string } {
  return { from: startOfLagosDay(day).toISOString(), to: new Date(startOfNextLagosDay(day).getTime() - 1).toISOString() };
}

export function createPaystackClient(options: PaystackClientOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchImpl = options.fetchImpl ?? fetch;

  /** One call; network failures, time-outs, 429 and 5xx are retryable ProviderErrors; a refusal is a ProviderError with Paystack's message. */
  async function call(method: 'GET' | 'POST', path: string, body?: Json): Promise<{ httpStatus: number; envelope: Envelope }> {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal,
      });
      text = await response.text();
    } catch {
      throw new ProviderError('The payment provider could not be reached, try again shortly', true);
    }
    let envelope: Envelope = {};
    try {
      envelope = obj(JSON.parse(text)) ?? {};
    } catch {
      envelope = {};
    }
    if (response.status === 401 || response.status === 403)
      throw new ProviderError("The payment provider refused the server's key (check PAYSTACK_SECRET_KEY)", false);
    if (response.status === 429 || response.status >= 500) throw new ProviderError('The payment provider is busy, try again shortly', true);
    return { httpStatus: response.status, envelope };
  }

  /** A call whose reply must be status: true; otherwise a ProviderError naming Paystack's message. */
  async function ok(method: 'GET' | 'POST', path: string, body?: Json): Promise<Envelope> {
    const { envelope } = await call(method, path, body);
    if (envelope.status !== true) {
      const message = typeof envelope.message === 'string' ? envelope.message.slice(0, 160) : 'no reason given';
      throw new ProviderError(`The payment provider refused: ${message}`, false);
    }
    return envelope;
  }

  /** Every page of a list (Paystack's meta.pageCount), at most MAX_PAGES. */
  async function all(path: string, query: Record<string, string>): Promise<unknown[]> {
    const rows: unknown[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const envelope = await ok('GET', `${path}?${new URLSearchParams({ ...query, perPage: String(PER_PAGE), page: String(page) })}`);
      const data = Array.isArray(envelope.data) ? envelope.data : [];
      rows.push(...data);
      const pageCount = int(envelope.meta?.pageCount) ?? 1;
      if (page >= pageCount || data.length === 0) break;
    }
    return rows;
  }

  const transactions = (rows: unknown[]) => rows.map(transactionOf).filter((t): t is ProviderTransaction => t !== null);

  return {
    name: 'paystack',

    async initialize(request: InitializeRequest): Promise<Initialized> {
      const envelope = await ok('POST', '/transaction/initialize', {
        email: request.email,
        amount: request.amountKobo,
        currency: request.currency,
        reference: request.reference,
        callback_url: request.callbackUrl,
        ...(request.channels ? { channels: request.channels } : {}),
        ...(request.metadata ? { metadata: request.metadata } : {}),
      });
      const data = obj(envelope.data);
      const authorizationUrl = str(data?.authorization_url);
      if (!authorizationUrl || !/^https?:\/\//.test(authorizationUrl)) throw new ProviderError('The payment provider sent no checkout address', true);
      return { authorizationUrl, accessCode: str(data?.access_code) ?? '', reference: str(data?.reference) ?? request.reference };
    },

    async verify(reference: string): Promise<ProviderTransaction | null> {
      const { httpStatus, envelope } = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (httpStatus === 404 || (envelope.status === false && httpStatus === 400)) return null;
      if (envelope.status !== true) throw new ProviderError('The payment provider could not verify the payment, try again shortly', true);
      return transactionOf(envelope.data);
    },

    async createDedicatedAccount(request: DedicatedAccountRequest): Promise<DedicatedAccount> {
      const envelope = await ok('POST', '/dedicated_account/assign', {
        email: request.email,
        first_name: request.firstName,
        last_name: request.lastName,
        phone: request.phone,
        preferred_bank: request.preferredBank,
        country: 'NG',
        ...(request.splitCode ? { split_code: request.splitCode } : {}),
      });
      const data = obj(envelope.data);
      const bank = obj(data?.bank);
      const customer = obj(data?.customer);
      const accountNumber = str(data?.account_number);
      if (!data || !accountNumber) throw new ProviderError('The payment provider has not assigned the account yet, try again shortly', true);
      return {
        id: str(data.id) ?? accountNumber,
        customerCode: str(customer?.customer_code) ?? '',
        accountNumber,
        accountName: str(data.account_name) ?? '',
        bankName: str(bank?.name) ?? '',
        bankSlug: str(bank?.slug) ?? request.preferredBank,
      };
    },

    async requeryDedicatedAccount(query): Promise<void> {
      const params = new URLSearchParams({ account_number: query.accountNumber, provider_slug: query.providerSlug, date: query.day });
      await ok('GET', `/dedicated_account/requery?${params}`);
    },

    async listTransactions(day: string): Promise<ProviderTransaction[]> {
      return transactions(await all('/transaction', { ...dayRange(day), status: 'success' }));
    },

    async listSettlements(day: string): Promise<Settlement[]> {
      const rows = await all('/settlement', dayRange(day));
      return rows.flatMap((row) => {
        const data = obj(row);
        const id = str(data?.id);
        if (!data || !id) return [];
        return [
          {
            id,
            status: str(data.status) ?? 'unknown',
            totalAmountKobo: int(data.total_amount) ?? 0,
            totalFeesKobo: int(data.total_fees) ?? 0,
            effectiveAmountKobo: int(data.effective_amount) ?? int(data.total_amount) ?? 0,
            settledAt: dateOf(data.settlement_date ?? data.settled_by ?? data.createdAt),
          },
        ];
      });
    },

    async settlementTransactions(settlementId: string): Promise<ProviderTransaction[]> {
      return transactions(await all(`/settlement/${encodeURIComponent(settlementId)}/transactions`, {}));
    },

    verifySignature: (rawBody, signature) => signatureMatches(options.secretKey, rawBody, signature),
    parseEvent: paystackEventOf,
  };
}

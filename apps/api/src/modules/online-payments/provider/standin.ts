import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paystackSignature } from './signature.ts';

/**
 * A Paystack stand-in for tests and local trials (never production): a local HTTP server speaking
 * the endpoints the adapter calls, as Paystack's documentation describes them, with a small checkout
 * page that can pay, fail or be abandoned. Its webhooks are signed as Paystack signs them (hex
 * HMAC-SHA512 of the body with the secret key) and can be repeated, reordered (held, then sent last
 * first) or dropped. Tests start it in-process (startPaystackStandin); `npm run paystack:standin`
 * starts it on its own (src/dev/paystack-standin.ts).
 */
export interface StandinOptions {
  secretKey: string;
  /** Where webhooks go (the API's POST /webhooks/paystack); unset: none sent. */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

/** How webhooks are delivered: each `repeat` times; `hold` keeps them until flush() (then sent newest first); `drop` sends none. */
export interface DeliveryMode {
  repeat: number;
  hold: boolean;
  drop: boolean;
}

interface Txn {
  id: number;
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string | null;
  metadata: unknown;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned';
  channel: string | null;
  paidAt: string | null;
  createdAt: string;
  fees: number;
  authorization: Record<string, unknown>;
  customerCode: string;
}

interface Account {
  id: number;
  customerCode: string;
  email: string;
  accountNumber: string;
  accountName: string;
  bank: { name: string; id: number; slug: string };
}

export interface PaystackStandin {
  /** http://host:port, what PAYSTACK_BASE_URL is set to. */
  url: string;
  /** Where webhooks go (settable once the API listens). */
  webhookUrl: string | undefined;
  mode: DeliveryMode;
  /** Every webhook the stand-in sent (or dropped), in order. */
  deliveries: { event: string; reference: string; status: number | 'dropped' | 'error' }[];
  /** The checkout's "pay" as a call: what the payer's tap does (the webhook follows as the mode says). */
  pay(reference: string, channel?: string): Promise<void>;
  /** A transfer into a dedicated account: a charge.success with channel dedicated_nuban; answers its reference. */
  transfer(accountNumber: string, amountKobo: number, sender?: { name: string; bank: string }): Promise<string>;
  /** Sends the held webhooks, newest first. */
  flush(): Promise<void>;
  /** Sends a signed event body again (or any body), as Paystack's retries do. */
  send(body: string): Promise<number | 'error'>;
  /** The transaction the stand-in keeps for a reference. */
  transaction(reference: string): Record<string, unknown> | null;
  close(): Promise<void>;
}

const FEE_RATE = 0.015;
const FEE_CAP_KOBO = 200_000;
const feesOf = (amount: number) => Math.min(Math.round(amount * FEE_RATE) + (amount >= 250_000 ? 10_000 : 0), FEE_CAP_KOBO);

/** The Lagos day (UTC+1) of an instant as YYYYMMDD: the stand-in's settlement ids, one per day. */
const lagosDayDigits = (iso: string) => new Date(Date.parse(iso) + 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export async function startPaystackStandin(options: StandinOptions): Promise<PaystackStandin> {
  const byReference = new Map<string, Txn>();
  const byAccessCode = new Map<string, Txn>();
  const accounts = new Map<string, Account>();
  const held: string[] = [];
  let nextId = 4_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const mode: DeliveryMode = { repeat: 1, hold: false, drop: false };
  const deliveries: PaystackStandin['deliveries'] = [];

  const txnJson = (t: Txn) => ({
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    amount: t.amount,
    message: null,
    gateway_response: t.status === 'success' ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
    paid_at: t.paidAt,
    paidAt: t.paidAt,
    created_at: t.createdAt,
    createdAt: t.createdAt,
    channel: t.channel ?? 'card',
    currency: t.currency,
    fees: t.status === 'success' ? t.fees : null,
    metadata: t.metadata,
    customer: { email: t.email, customer_code: t.customerCode },
    authorization: t.authorization,
  });

  async function post(body: string): Promise<number | 'error'> {
    if (!standin.webhookUrl) return 'error';
    try {
      const response = await fetch(standin.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(options.secretKey, body) },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 'error';
    }
  }

  async function deliver(event: string, t: Txn): Promise<void> {
    const body = JSON.stringify({ event, data: txnJson(t) });
    if (mode.drop) {
      deliveries.push({ event, reference: t.reference, status: 'dropped' });
      return;
    }
    for (let i = 0; i < mode.repeat; i++) {
      if (mode.hold) held.push(body);
      else deliveries.push({ event, reference: t.reference, status: await post(body) });
    }
  }

  function settle(t: Txn, status: Txn['status'], channel: string | null): void {
    t.status = status;
    t.channel = channel;
    if (status === 'success') {
      t.paidAt = new Date().toISOString();
      t.authorization = {
        authorization_code: `AUTH_${randomBytes(5).toString('hex')}`,
        channel: channel ?? 'card',
        bank: channel === 'card' ? 'TEST BANK' : 'Paystack',
        ...(channel === 'card' ? { bin: '408408', last4: '4081', card_type: 'visa', exp_month: '12', exp_year: '2030' } : {}),
        reusable: false,
      };
    }
  }

  const checkoutPage = (
    t: Txn,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Paystack stand-in checkout</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem}</style></head>
<body><h1>Stand-in checkout</h1><p>Not Paystack: a local stand-in for trials and tests.</p>
<p>Pay <strong>${t.currency} ${(t.amount / 100).toFixed(2)}</strong> to the levy<br>Reference ${esc(t.reference)}</p>
${
  t.status === 'ongoing'
    ? `<form method="post" action="/checkout/${esc(t.accessCode)}/pay"><label>Channel <select name="channel"><option value="card">Card</option><option value="bank_transfer">Bank transfer</option><option value="ussd">USSD</option></select></label>
<button type="submit">Pay</button></form>
<form method="post" action="/checkout/${esc(t.accessCode)}/fail"><button type="submit">Fail</button></form>
<form method="post" action="/checkout/${esc(t.accessCode)}/abandon"><button type="submit">Abandon</button></form>`
    : `<p>This payment is ${esc(t.status)}.</p>`
}</body></html>`;

  function back(response: ServerResponse, t: Txn): void {
    if (!t.callbackUrl) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(checkoutPage(t));
      return;
    }
    const url = new URL(t.callbackUrl);
    url.searchParams.set('trxref', t.reference);
    url.searchParams.set('reference', t.reference);
    response.writeHead(302, { location: url.toString() });
    response.end();
  }

  const listOf = (rows: unknown[], query: URLSearchParams) => {
    const perPage = Math.max(1, Number(query.get('perPage') ?? 50));
    const page = Math.max(1, Number(query.get('page') ?? 1));
    return {
      status: true,
      message: 'Transactions retrieved',
      data: rows.slice((page - 1) * perPage, page * perPage),
      meta: { total: rows.length, perPage, page, pageCount: Math.max(1, Math.ceil(rows.length / perPage)) },
    };
  };

  const inRange = (at: string | null, query: URLSearchParams) => {
    if (!at) return false;
    const t = Date.parse(at);
    const from = query.get('from');
    const to = query.get('to');
    return (!from || t >= Date.parse(from)) && (!to || t <= Date.parse(to));
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://standin');
    const path = url.pathname;
    const method = request.method ?? 'GET';

    // The checkout pages are the payer's, without the secret key.
    const checkout = /^\/checkout\/([A-Za-z0-9]+)(?:\/(pay|fail|abandon))?$/.exec(path);
    if (checkout) {
      const t = byAccessCode.get(checkout[1]!);
      if (!t) return reply(response, 404, { status: false, message: 'Checkout not found' });
      if (method === 'GET' && !checkout[2]) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(checkoutPage(t));
        return;
      }
      if (method !== 'POST' || !checkout[2]) return reply(response, 405, { status: false, message: 'Method not allowed' });
      const form = new URLSearchParams(await readBody(request));
      if (t.status === 'ongoing') {
        if (checkout[2] === 'pay') {
          settle(t, 'success', form.get('channel') || 'card');
          await deliver('charge.success', t);
        } else settle(t, checkout[2] === 'fail' ? 'failed' : 'abandoned', form.get('channel'));
      }
      return back(response, t);
    }

    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return reply(response, 401, { status: false, message: 'Invalid key' });
    }
    const text = method === 'POST' ? await readBody(request) : '';
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return reply(response, 400, { status: false, message: 'Invalid JSON' });
    }

    if (method === 'POST' && path === '/transaction/initialize') {
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 100) {
        return reply(response, 400, { status: false, message: 'Invalid Amount Sent' });
      }
      if (typeof body.email !== 'string' || !body.email.includes('@')) return reply(response, 400, { status: false, message: 'Invalid Email Address Passed' });
      const reference = typeof body.reference === 'string' && body.reference ? body.reference : randomBytes(8).toString('hex');
      if (byReference.has(reference)) return reply(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = randomBytes(9).toString('hex');
      const t: Txn = {
        id: nextId++,
        reference,
        accessCode,
        amount,
        currency: typeof body.currency === 'string' ? body.currency : 'NGN',
        email: body.email,
        callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
        metadata: body.metadata ?? null,
        status: 'ongoing',
        channel: null,
        paidAt: null,
        createdAt: new Date().toISOString(),
        fees: feesOf(amount),
        authorization: {},
        customerCode: `CUS_${randomBytes(6).toString('hex')}`,
      };
      byReference.set(reference, t);
      byAccessCode.set(accessCode, t);
      return reply(response, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${standin.url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }

    const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (method === 'GET' && verify) {
      const t = byReference.get(decodeURIComponent(verify[1]!));
      if (!t) return reply(response, 400, { status: false, message: 'Transaction reference not found' });
      return reply(response, 200, { status: true, message: 'Verification successful', data: txnJson(t) });
    }

    if (method === 'GET' && path === '/transaction') {
      const status = url.searchParams.get('status');
      const rows = [...byReference.values()].filter((t) => (!status || t.status === status) && inRange(t.paidAt ?? t.createdAt, url.searchParams));
      return reply(response, 200, listOf(rows.map(txnJson), url.searchParams));
    }

    if (method === 'GET' && path === '/settlement') {
      // One settlement per Lagos day of successful payments, settled as they are paid (the stand-in does not wait T+1).
      const paid = [...byReference.values()].filter((t) => t.status === 'success' && inRange(t.paidAt, url.searchParams));
      const total = paid.reduce((sum, t) => sum + t.amount, 0);
      const fees = paid.reduce((sum, t) => sum + t.fees, 0);
      const from = url.searchParams.get('from');
      const id = from ? lagosDayDigits(from) : '1';
      const rows = paid.length
        ? [
            {
              id: Number(id) || 1,
              status: 'success',
              total_amount: total,
              total_fees: fees,
              effective_amount: total - fees,
              settlement_date: new Date().toISOString(),
            },
          ]
        : [];
      return reply(response, 200, listOf(rows, url.searchParams));
    }

    const settlement = /^\/settlement\/(\d+)\/transactions$/.exec(path);
    if (method === 'GET' && settlement) {
      const day = settlement[1]!;
      const rows = [...byReference.values()].filter((t) => t.status === 'success' && t.paidAt && lagosDayDigits(t.paidAt) === day);
      return reply(response, 200, listOf(rows.map(txnJson), url.searchParams));
    }

    if (method === 'POST' && path === '/dedicated_account/assign') {
      const email = typeof body.email === 'string' ? body.email : '';
      if (!email.includes('@') || typeof body.first_name !== 'string' || typeof body.last_name !== 'string' || typeof body.phone !== 'string') {
        return reply(response, 400, { status: false, message: 'email, first_name, last_name and phone are required' });
      }
      const existing = [...accounts.values()].find((a) => a.email === email);
      const account =
        existing ??
        ({
          id: nextId++,
          customerCode: `CUS_${randomBytes(6).toString('hex')}`,
          email,
          accountNumber: String(9_000_000_000 + accounts.size + 1),
          accountName: `LEVY/${String(body.last_name).toUpperCase()} ${String(body.first_name).toUpperCase()}`,
          bank: { name: body.preferred_bank === 'titan-paystack' ? 'Paystack-Titan' : 'Wema Bank', id: 20, slug: String(body.preferred_bank ?? 'wema-bank') },
        } satisfies Account);
      accounts.set(account.accountNumber, account);
      return reply(response, 200, {
        status: true,
        message: 'Assign dedicated account in progress',
        data: {
          id: account.id,
          account_name: account.accountName,
          account_number: account.accountNumber,
          assigned: true,
          currency: 'NGN',
          active: true,
          bank: account.bank,
          customer: { email, customer_code: account.customerCode },
        },
      });
    }

    if (method === 'GET' && path === '/dedicated_account/requery') {
      const account = accounts.get(url.searchParams.get('account_number') ?? '');
      if (!account) return reply(response, 400, { status: false, message: 'Dedicated account not found' });
      const day = url.searchParams.get('date');
      const again = [...byReference.values()].filter(
        (t) => t.status === 'success' && t.authorization.receiver_bank_account_number === account.accountNumber && (!day || t.paidAt?.startsWith(day)),
      );
      const saved = { ...mode };
      Object.assign(mode, { repeat: 1, hold: false, drop: false });
      for (const t of again) await deliver('charge.success', t);
      Object.assign(mode, saved);
      return reply(response, 200, { status: true, message: "We are checking the status of your transfer. We'll send you a notification once it is confirmed" });
    }

    return reply(response, 404, { status: false, message: `No stand-in route for ${method} ${path}` });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, { status: false, message: String(error) });
    });
  });
  // A port already taken rejects (EADDRINUSE) instead of throwing from the server's 'error' event.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;

  const standin: PaystackStandin = {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    webhookUrl: options.webhookUrl,
    mode,
    deliveries,
    async pay(reference, channel = 'card') {
      const t = byReference.get(reference);
      if (!t) throw new Error(`stand-in: no transaction ${reference}`);
      if (t.status !== 'ongoing') return;
      settle(t, 'success', channel);
      await deliver('charge.success', t);
    },
    async transfer(accountNumber, amountKobo, sender = { name: 'ADA OKAFOR', bank: 'Access Bank' }) {
      const account = accounts.get(accountNumber);
      if (!account) throw new Error(`stand-in: no dedicated account ${accountNumber}`);
      const reference = `T${randomBytes(8).toString('hex')}`;
      const t: Txn = {
        id: nextId++,
        reference,
        accessCode: randomBytes(9).toString('hex'),
        amount: amountKobo,
        currency: 'NGN',
        email: account.email,
        callbackUrl: null,
        metadata: { receiver_account_number: accountNumber, receiver_bank: account.bank.name },
        status: 'ongoing',
        channel: null,
        paidAt: null,
        createdAt: new Date().toISOString(),
        fees: Math.min(Math.round(amountKobo * 0.01), 30_000),
        authorization: {},
        customerCode: account.customerCode,
      };
      byReference.set(reference, t);
      settle(t, 'success', 'dedicated_nuban');
      t.authorization = {
        ...t.authorization,
        channel: 'dedicated_nuban',
        bank: sender.bank,
        sender_bank: sender.bank,
        sender_name: sender.name,
        receiver_bank_account_number: accountNumber,
        receiver_bank: account.bank.name,
        narration: `Transfer to ${account.accountName}`,
      };
      await deliver('charge.success', t);
      return reference;
    },
    async flush() {
      const bodies = held.splice(0).reverse();
      for (const body of bodies) {
        const parsed = JSON.parse(body) as { event: string; data: { reference: string } };
        deliveries.push({ event: parsed.event, reference: parsed.data.reference, status: await post(body) });
      }
    },
    send: post,
    transaction: (reference) => {
      const t = byReference.get(reference);
      return t ? txnJson(t) : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standin;
}

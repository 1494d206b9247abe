import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsSender, smsOutbox, termiiSender } from './sms.ts';

/**
 * Termii's documented send call (https://developers.termii.com/messaging-api): POST /api/sms/send,
 * JSON { api_key, to, from, sms, type, channel }; it answers { message_id, message, balance, user }.
 * A local HTTP server stands in for Termii and checks what it receives.
 */
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handler: Handler;
let received: Array<{ method?: string; path?: string; contentType?: string; body: unknown }>;
let server: Server;
let baseUrl: string;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // kept as text
      }
      received.push({ method: request.method, path: request.url, contentType: request.headers['content-type'], body: parsed });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  handler = (_request, _body, response) =>
    json(response, 200, { message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Levy Ops' });
});

const termii = (timeoutMs?: number) => termiiSender({ apiKey: 'TLtestkey0123456789', senderId: 'LevyNG', baseUrl, timeoutMs });

describe('the SMS outbox', () => {
  it('writes each message as a JSON file { to, body, at }, oldest first by name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sms-outbox-'));
    try {
      let t = Date.parse('2026-06-01T08:00:00Z');
      const outbox = smsOutbox(dir, () => new Date((t += 1000)));
      const first = await outbox.send({ to: '2348031234567', body: 'first' });
      await outbox.send({ to: '2348031234568', body: 'second' });
      const names = readdirSync(dir).sort();
      expect(names).toHaveLength(2);
      expect(names[0]).toBe(first.id);
      expect(JSON.parse(readFileSync(path.join(dir, names[0]), 'utf8'))).toEqual({ to: '2348031234567', body: 'first', at: '2026-06-01T08:00:01.000Z' });
      expect(JSON.parse(readFileSync(path.join(dir, names[1]), 'utf8')).body).toBe('second');
      expect(createSmsSender({ provider: 'outbox', outboxDir: dir }).name).toBe('outbox');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Termii', () => {
  it("posts Termii's send request and answers its message_id", async () => {
    const sent = await termii().send({ to: '2348031234567', body: 'Paid NGN 1,500. Receipt S7KQ-2M9X-D4HP.' });
    expect(sent).toEqual({ id: '9122821270554876574' });
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/api/sms/send',
        contentType: 'application/json',
        body: {
          api_key: 'TLtestkey0123456789',
          to: '2348031234567',
          from: 'LevyNG',
          sms: 'Paid NGN 1,500. Receipt S7KQ-2M9X-D4HP.',
          type: 'plain',
          channel: 'generic',
        },
      },
    ]);
    const viaConfig = createSmsSender({
      provider: 'termii',
      outboxDir: '/nowhere',
      termii: { apiKey: 'TLtestkey0123456789', senderId: 'LevyNG', baseUrl: `${baseUrl}/` },
    });
    expect(viaConfig.name).toBe('termii');
    await viaConfig.send({ to: '2348031234567', body: 'x' });
    expect(received[1].path).toBe('/api/sms/send');
  });

  it('throws on an error status (naming the key on 401), an answer without message_id, no answer in time, nobody listening', async () => {
    handler = (_request, _body, response) => json(response, 400, { message: 'Country Inactive' });
    await expect(termii().send({ to: '2348031234567', body: 'x' })).rejects.toThrow('Termii answered HTTP 400: Country Inactive');
    handler = (_request, _body, response) => json(response, 401, { message: 'Unauthenticated' });
    await expect(termii().send({ to: '2348031234567', body: 'x' })).rejects.toThrow(/TERMII_API_KEY/);
    handler = (_request, _body, response) => json(response, 200, { message: 'Insufficient balance' });
    await expect(termii().send({ to: '2348031234567', body: 'x' })).rejects.toThrow('Termii answered without a message_id: Insufficient balance');
    handler = (_request, _body, response) => setTimeout(() => json(response, 200, { message_id: 'late' }), 1500);
    await expect(termii(300).send({ to: '2348031234567', body: 'x' })).rejects.toThrow('Termii did not answer within 0.3 s');
    const closed = termiiSender({ apiKey: 'TLtestkey0123456789', senderId: 'LevyNG', baseUrl: 'http://127.0.0.1:9' });
    await expect(closed.send({ to: '2348031234567', body: 'x' })).rejects.toThrow(/Termii could not be reached/);
  });

  it('is refused without its settings', () => {
    expect(() => createSmsSender({ provider: 'termii', outboxDir: '/nowhere' })).toThrow(/TERMII_API_KEY and TERMII_SENDER_ID/);
  });
});

import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENTS, fakeServer, installPhone } from './test-phone.ts';
import { db, DONE_RETENTION_MS, enqueue, newKey, pruneDone, resendCorrected, retry, syncNow, type QueueItem } from './index.ts';
import { stagesOf } from './sync-run.ts';

const phone = installPhone();
let server: ReturnType<typeof fakeServer>;
afterAll(() => vi.unstubAllGlobals());

let clock = Date.parse('2026-05-10T09:00:00Z');
const tick = () => (clock += 1000);
vi.spyOn(Date, 'now').mockImplementation(() => clock);

beforeEach(async () => {
  await db.queue.clear();
  server = fakeServer();
  phone.online.value = true;
  phone.signIn(AGENTS.ada);
});

const scan = (userCode: string) => ({ key: newKey(), kind: 'scan' as const, label: userCode, body: { userCode, capturedAt: new Date(tick()).toISOString() } });
const payment = (userCode: string) => ({
  key: newKey(),
  kind: 'subscription-payment' as const,
  label: `weekly · ${userCode}`,
  body: { userCode, subscriptionId: '0b7f5d7e-0000-4000-8000-000000000001', modeOfPayment: 'cash' as const, capturedAt: new Date(tick()).toISOString() },
});

/** Captures made with no network, a second apart: kept, waiting. */
async function captureOffline(items: Parameters<typeof enqueue>[0][]): Promise<void> {
  server.state.down = true;
  for (const item of items) {
    tick();
    await enqueue(item);
  }
  server.state.down = false;
}
const stored = (key: string) => db.queue.get(key) as Promise<QueueItem>;
const states = async () => (await db.queue.orderBy('createdAt').toArray()).map((item) => item.state);

describe('the outbox', () => {
  it('keeps a capture on the phone under its agent and sends it at once under its Idempotency-Key', async () => {
    const item = scan('ADA0000001');
    const answered = await enqueue(item);
    expect(answered).toMatchObject({ state: 'done', agentId: AGENTS.ada, attempts: 1, result: { data: { scanId: 'rec-1' } } });
    expect(server.calls).toEqual([{ path: '/api/field/scan', key: item.key }]);
    expect(await stored(item.key)).toMatchObject({ state: 'done', doneAt: clock });
  });

  it('keeps what is captured without network waiting, then sends it in capture order in one batch', async () => {
    const items = [scan('A1'), payment('A2'), scan('A3')];
    await captureOffline(items);
    expect(await states()).toEqual(['waiting', 'waiting', 'waiting']);
    expect(await syncNow()).toEqual({ sent: 3, refused: 0 });
    expect(server.batchCalls().map((call) => call.items!.map((sent) => sent.key))).toEqual([items.map((item) => item.key)]);
    expect(server.batchCalls()[0].items![1]).toEqual({ key: items[1].key, kind: 'subscription-payment', body: items[1].body });
    expect(await states()).toEqual(['done', 'done', 'done']);
    // The answer is kept as the item's own call would have given it (receipts read it so).
    expect((await stored(items[1].key)).result).toEqual({ message: 'Recorded', data: { payment: { id: 'rec-2', receiptNo: 'R-rec-2' } } });
  });

  it('sends 250 waiting items in batches of at most 100, each recorded once, even when synced twice at once', async () => {
    await captureOffline(Array.from({ length: 250 }, (_, index) => scan(`R${index}`)));
    const [first, second] = await Promise.all([syncNow(), syncNow()]);
    expect(first).toEqual({ sent: 250, refused: 0 });
    expect(second).toBe(first);
    expect(server.batchCalls().map((call) => call.items!.length)).toEqual([100, 100, 50]);
    expect(server.records.size).toBe(250);
    expect(new Set(server.batchCalls().flatMap((call) => call.items!.map((item) => item.key))).size).toBe(250);
    await syncNow();
    expect(server.batchCalls()).toHaveLength(3);
  });

  it('leaves items waiting when the network fails, stops trying, and sends them under the same keys later', async () => {
    const items = Array.from({ length: 150 }, (_, index) => scan(`W${index}`));
    await captureOffline(items);
    server.state.down = true;
    expect(await syncNow()).toEqual({ sent: 0, refused: 0 });
    const after = await stored(items[0].key);
    expect(after).toMatchObject({ state: 'waiting', attempts: 2 });
    expect(after.message).toMatch(/No network/);
    server.state.down = false;
    // One item the server could not finish (503) waits alone; the rest are recorded.
    server.state.failing.add(items[7].key);
    expect(await syncNow()).toEqual({ sent: 149, refused: 0 });
    expect(await stored(items[7].key)).toMatchObject({ state: 'waiting', attempts: 3 });
    server.state.failing.clear();
    expect(await syncNow()).toEqual({ sent: 1, refused: 0 });
    expect(
      server
        .batchCalls()
        .at(-1)!
        .items!.map((item) => item.key),
    ).toEqual([items[7].key]);
    expect(server.records.size).toBe(150);
  });

  it('keeps a refusal with its message; Try again sends the same key, Correct a new one', async () => {
    const item = payment('WRONG');
    await captureOffline([item]);
    server.state.refuse = (body) => (body.userCode === 'WRONG' ? { status: 404, message: 'No motorist has that plate or Unique ID' } : null);
    expect(await syncNow()).toEqual({ sent: 0, refused: 1 });
    expect(await stored(item.key)).toMatchObject({ state: 'refused', message: 'No motorist has that plate or Unique ID' });

    await retry(item.key);
    expect(
      server
        .batchCalls()
        .at(-1)!
        .items!.map((sent) => sent.key),
    ).toEqual([item.key]);
    expect((await stored(item.key)).state).toBe('refused');

    await resendCorrected(item.key, { target: { userCode: 'RIGHT' } });
    const [corrected] = await db.queue.toArray();
    expect(corrected.key).not.toBe(item.key);
    expect(corrected).toMatchObject({ state: 'done', correctionOf: item.key, body: { userCode: 'RIGHT', subscriptionId: item.body.subscriptionId } });
    expect(
      server
        .batchCalls()
        .at(-1)!
        .items!.map((sent) => sent.key),
    ).toEqual([corrected.key]);
    expect(server.records.size).toBe(1);
  });

  it("sends only the signed-in agent's items: another agent on the same phone leaves them waiting", async () => {
    const ada = scan('ADA');
    await captureOffline([ada]);
    phone.signIn(AGENTS.bola);
    const bola = scan('BOLA');
    await captureOffline([bola]);
    expect(await syncNow()).toEqual({ sent: 1, refused: 0 });
    expect(server.batchCalls()[0].items!.map((item) => item.key)).toEqual([bola.key]);
    expect((await stored(ada.key)).state).toBe('waiting');
    phone.signIn(AGENTS.ada);
    expect(await syncNow()).toEqual({ sent: 1, refused: 0 });
    expect(server.batchCalls()[1].items!.map((item) => item.key)).toEqual([ada.key]);
  });

  it('sends nothing and keeps everything waiting when the session has ended (401)', async () => {
    const items = [scan('S1'), scan('S2')];
    await captureOffline(items);
    server.state.batchStatus = 401;
    expect(await syncNow()).toEqual({ sent: 0, refused: 0 });
    expect(await states()).toEqual(['waiting', 'waiting']);
  });

  it('falls back to one call per item when the server has no batch call', async () => {
    const items = [scan('O1'), payment('O2')];
    await captureOffline(items);
    server.state.batchStatus = 404;
    expect(await syncNow()).toEqual({ sent: 2, refused: 0 });
    expect(server.calls.slice(-2)).toEqual([
      { path: '/api/field/scan', key: items[0].key },
      { path: '/api/field/subscription-payment', key: items[1].key },
    ]);
  });

  it('sends a till close after the payments captured before it, in stages', () => {
    const at = (item: { key: string; kind: QueueItem['kind'] }, createdAt: number) => ({ ...item, createdAt }) as QueueItem;
    const close = { key: 'close', kind: 'till-close' as const };
    const stages = stagesOf([at(payment('P1'), 1), at(payment('P2'), 2), at(close, 3), at(scan('S1'), 4)]);
    expect(stages.map((stage) => stage.map((call) => call.map((item) => item.kind)))).toEqual([
      [['subscription-payment', 'subscription-payment']],
      [['till-close']],
      [['scan']],
    ]);
  });

  it('clears recorded items two days after their answer, of every agent, and keeps what is not recorded', async () => {
    const [old, recent, waiting] = [scan('OLD'), scan('NEW'), scan('WAIT')];
    await enqueue(old);
    clock += DONE_RETENTION_MS - 60_000;
    phone.signIn(AGENTS.ada);
    await enqueue(recent);
    phone.signIn(AGENTS.bola);
    await captureOffline([waiting]);
    const legacy = { ...scan('LEGACY'), agentId: AGENTS.bola, state: 'done', createdAt: clock - DONE_RETENTION_MS - 1, attempts: 1 } as QueueItem;
    await db.queue.add(legacy);
    clock += 120_000;
    expect(await pruneDone()).toBe(2);
    expect((await db.queue.toArray()).map((item) => item.label).sort()).toEqual(['NEW', 'WAIT']);
    // Each sync clears them too.
    clock += DONE_RETENTION_MS;
    phone.online.value = false;
    await syncNow();
    await vi.waitFor(async () => expect((await db.queue.toArray()).map((item) => item.label)).toEqual(['WAIT']));
  });
});

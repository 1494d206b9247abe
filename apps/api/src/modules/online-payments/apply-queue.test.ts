import { describe, expect, it } from 'vitest';
import { createApplyQueue } from './apply-queue.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies that record their start and end when told. */
function applies() {
  const started: number[] = [];
  const finish: (() => void)[] = [];
  const apply = (n: number) => () => new Promise<void>((resolve) => (started.push(n), finish.push(resolve)));
  const finishAll = () => finish.splice(0).forEach((done) => done());
  return { started, apply, finishAll };
}

describe('the webhook apply queue', () => {
  it('starts no apply while notifications are being answered or keep coming, then two at a time', async () => {
    const queue = createApplyQueue({ atOnce: 2, holdWhileBusyMs: 10_000, capacity: 10, onError: () => undefined });
    const { started, apply, finishAll } = applies();
    let answer!: () => void;
    const answering = queue.answering(() => new Promise<void>((resolve) => (answer = resolve)));
    [1, 2, 3].forEach((n) => queue.push(apply(n)));
    await tick();
    expect(started).toEqual([]);
    answer();
    await answering;
    await tick();
    expect(started).toEqual([]);
    await pause(250);
    expect(started).toEqual([1, 2]);
    finishAll();
    await pause(20);
    expect(started).toEqual([1, 2, 3]);
    finishAll();
    await queue.close();
  });

  it('holds an apply back no longer than holdWhileBusyMs: then one at a time while notifications keep coming', async () => {
    const queue = createApplyQueue({ atOnce: 2, holdWhileBusyMs: 0, capacity: 10, onError: () => undefined });
    const { started, apply, finishAll } = applies();
    await queue.answering(async () => undefined);
    [1, 2].forEach((n) => queue.push(apply(n)));
    await tick();
    expect(started).toEqual([1]);
    finishAll();
    await pause(20);
    expect(started).toEqual([1, 2]);
    finishAll();
    await queue.close();
  });

  it('refuses beyond its capacity and reports a failed apply without stopping', async () => {
    const errors: unknown[] = [];
    const queue = createApplyQueue({ atOnce: 1, holdWhileBusyMs: 0, capacity: 1, onError: (error) => errors.push(error) });
    let ran = 0;
    expect(queue.push(() => Promise.reject(new Error('database gone')))).toBe(true);
    expect(queue.push(async () => void (ran += 1))).toBe(false);
    await pause(20);
    expect(queue.push(async () => void (ran += 1))).toBe(true);
    await pause(20);
    await queue.close();
    expect(errors).toHaveLength(1);
    expect(ran).toBe(1);
  });
});

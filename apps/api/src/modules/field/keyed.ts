import type { Clock } from '../../lib/clock.ts';
import { answerOnce, KeyTaken, type IdempotentResult, type StoredAnswer } from '../../platform/idempotency/index.ts';
import type { FieldRepository, FieldUnit } from './repository.ts';
import type { FieldAgent } from './types.ts';

/** Runs a field call's work once per (agent, key): see answerOnce. The answer is stored in the transaction that did the work. */
export function keyedOnce(repository: FieldRepository, clock: Clock) {
  return function idempotent<T>(
    agent: FieldAgent,
    key: string,
    operation: string,
    request: unknown,
    work: (unit: FieldUnit, now: Date) => Promise<{ statusCode: number; body: T }>,
    known?: StoredAnswer | null,
  ): Promise<IdempotentResult<T>> {
    return answerOnce({
      operation,
      request,
      known,
      find: () => repository.findKey(agent.id, key),
      attempt: (requestHash) =>
        repository.transaction(async (unit) => {
          const now = clock.now();
          const result = await work(unit, now);
          const kept = await unit.keys.save({ agentId: agent.id, key, operation, requestHash, statusCode: result.statusCode, response: result.body, at: now });
          if (!kept) throw new KeyTaken();
          return result;
        }),
    });
  };
}
export type KeyedOnce = ReturnType<typeof keyedOnce>;

export { answerOnce, KeyTaken, type IdempotentResult } from './answer-once.ts';
export { idempotencyKeyQueries, type IdempotencyKeyQueries, type StoredAnswer } from './keys.ts';
export { sendIdempotent } from './reply.ts';

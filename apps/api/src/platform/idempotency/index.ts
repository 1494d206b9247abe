export { answerOnce, KeyTaken, type IdempotentResult } from './answer-once.ts';
export { idempotencyKeyQueries, type AnswerToKeep, type IdempotencyKeyQueries, type StoredAnswer } from './keys.ts';
export { REPLAYED_HEADER, sendIdempotent } from './reply.ts';

import type { FastifyReply } from 'fastify';
import type { IdempotentResult } from './answer-once.ts';

/** Tells a client its request was a repeat: the first answer again, nothing new recorded. */
const REPLAYED_HEADER = 'idempotent-replayed';

/** Sends a keyed call's answer with its status and whether it was replayed; `body` wraps the result when the reply is an envelope. */
export const sendIdempotent = <T>(reply: FastifyReply, result: IdempotentResult<T>, body: unknown = result.body): FastifyReply =>
  reply.code(result.statusCode).header(REPLAYED_HEADER, String(result.replayed)).send(body);

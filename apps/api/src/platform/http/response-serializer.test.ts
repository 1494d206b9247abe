import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.ts';

const person = z.object({
  id: z.string(),
  fullName: z.string(),
  role: z.enum(['motorist', 'agent']),
  phone: z.string().nullable(),
  nickname: z.string().optional(),
  amount: z.number(),
  count: z.number().int(),
  approved: z.boolean(),
  tags: z.array(z.string()),
  totals: z.record(z.string(), z.number()),
  vehicle: z.object({ plate: z.string(), type: z.enum(['keke', 'bus', 'bike']) }).nullable(),
});
const page = z.object({ data: z.array(person), paginator: z.object({ total: z.number(), exact: z.boolean() }) });

const row = {
  id: 'a1',
  fullName: 'Chidi "CJ" Okafor \u2028 ñ',
  role: 'motorist',
  phone: null,
  amount: 1234.5,
  count: 3,
  approved: true,
  tags: ['x', 'y'],
  totals: { jan: 1, feb: 2.5 },
  vehicle: { plate: 'LAG-123', type: 'keke', engineNumber: 'not in the contract' },
  passwordHash: 'never sent',
};

async function appReplying(schema: z.ZodType, body: unknown, serializer: 'ours' | 'zod' = 'ours') {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  if (serializer === 'zod') app.setSerializerCompiler(zodSerializerCompiler);
  else app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/', { schema: { response: { 200: schema } } }, async () => body);
  const reply = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return reply;
}

describe('responseSerializerCompiler', () => {
  it('writes exactly what zod’s encoder writes: only the contract’s properties, nested, nullable and optional alike', async () => {
    const body = { data: [row, { ...row, id: 'a2', phone: '0803', nickname: 'CJ', vehicle: null }], paginator: { total: 2, exact: true, hidden: 1 } };
    const fast = await appReplying(page, body);
    const zod = await appReplying(page, body, 'zod');
    expect(fast.statusCode).toBe(200);
    // The same JSON (an optional property may come last).
    expect(fast.json()).toStrictEqual(zod.json());
    expect(fast.body).not.toContain('never sent');
    expect(fast.body).not.toContain('not in the contract');
    expect(JSON.parse(fast.body).paginator).toEqual({ total: 2, exact: true });
  });

  it('refuses a reply missing a required property (a 500, not a reply short of its contract)', async () => {
    const { passwordHash: _hidden, fullName: _missing, ...incomplete } = row;
    const reply = await appReplying(page, { data: [incomplete], paginator: { total: 1, exact: true } });
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toContain('a1');
  });

  it('keeps zod’s encoder for a contract JSON Schema cannot state (a codec)', async () => {
    const naira = z.codec(z.string(), z.number(), { decode: (text) => Number(text), encode: (value) => value.toFixed(2) });
    const reply = await appReplying(z.object({ amount: naira }), { amount: 5 });
    expect(reply.json()).toEqual({ amount: '5.00' });
  });
});

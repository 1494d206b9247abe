import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { createTestContext, motoristFormFields, signedInPerson, TEST_DB, type TestContext } from '../../../../test/harness.ts';
import { multipartForm, png, storedFileCount } from '../../../../test/images.ts';

/**
 * The field app keeps a registration made offline on the phone and sends it with an Idempotency-Key
 * until the server answers: a send whose answer was lost, or two sends at once, must make one person.
 */

let ctx: TestContext;
let registrar: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  ctx = await createTestContext();
  registrar = await signedInPerson(ctx, { role: 'registrar' });
});
afterAll(async () => ctx.close());

const images = () => ({ front: png('front.png'), back: png('back.png'), portraitSelfie: png('selfie.png') });

const send = (fields: Record<string, string>, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/motorist/register',
    headers: { ...registrar.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: multipartForm(fields, images()),
  });
const people = async () => (await ctx.database.db.select({ value: count() }).from(users))[0].value;

describe(`a registration sent again with its Idempotency-Key (${TEST_DB})`, () => {
  it('answers the first registration again and records nothing new, files included', async () => {
    const fields = motoristFormFields();
    const key = randomUUID();
    const first = await send(fields, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBe('false');
    const [peopleAfterFirst, filesAfterFirst] = [await people(), storedFileCount(ctx.dataDir)];

    const again = await send(fields, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await people()).toBe(peopleAfterFirst);
    expect(storedFileCount(ctx.dataDir)).toBe(filesAfterFirst);
  });

  it('makes one person of three sends at once', async () => {
    const fields = motoristFormFields();
    const key = randomUUID();
    const before = await people();
    const replies = await Promise.all([send(fields, key), send(fields, key), send(fields, key)]);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    expect(new Set(replies.map((reply) => reply.json().data.id)).size).toBe(1);
    expect(await people()).toBe(before + 1);
  });

  it('refuses the same key with another registration (422), and keeps a refused one free for a fixed send', async () => {
    const key = randomUUID();
    expect((await send(motoristFormFields(), key)).statusCode).toBe(201);
    const other = await send(motoristFormFields(), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('Idempotency-Key was already used for a different request');

    const fixable = { ...motoristFormFields(), dob: 'not a date' };
    const otherKey = randomUUID();
    expect((await send(fixable, otherKey)).statusCode).toBe(400);
    expect((await send({ ...fixable, dob: '1991-02-03' }, otherKey)).statusCode).toBe(201);
  });

  it('without a key, a second send is a second registration attempt (the email is taken: 409)', async () => {
    const fields = motoristFormFields();
    expect((await send(fields)).statusCode).toBe(201);
    expect((await send(fields)).statusCode).toBe(409);
  });
});

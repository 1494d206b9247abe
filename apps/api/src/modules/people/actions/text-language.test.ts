/** Issue 45: a motorist's text language, chosen at registration and changed on the details page. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../db/schema.ts';
import { createPerson, createTestContext, signedInPerson, type TestContext } from '../../../../test/harness.ts';
import { multipartForm } from '../../../../test/images.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInPerson(ctx, { role: 'admin', fullName: 'ada admin' });
});
afterAll(async () => ctx.close());

const tag = () => randomBytes(4).toString('hex');
const motoristForm = (extra: Record<string, string> = {}) => ({
  email: `m.${tag()}@example.test`,
  password: 'a-Strong-password',
  fullName: 'Kemi Bello',
  phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  address: '1 Marina, Lagos',
  dob: '1990-05-04',
  route: 'Oshodi',
  plateNumber: `LAG ${tag()}`,
  vehicleType: 'keke',
  privacyNoticeGiven: 'true',
  ...extra,
});
const register = (fields: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/motorist/register', headers: admin.headers, payload: multipartForm(fields) });
const languageOf = async (id: string) => (await ctx.database.db.select({ l: users.textLanguage }).from(users).where(eq(users.id, id)))[0]?.l;
const change = (id: string, body: unknown, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/motorist/${id}/text-language`, headers, payload: body as Record<string, unknown> });

describe('the text language at registration', () => {
  it('is stored as chosen (any case), English when not given, and shown on the record', async () => {
    const hausa = await register(motoristForm({ textLanguage: ' HA ' }));
    expect(hausa.statusCode).toBe(201);
    expect(await languageOf(hausa.json().data.id)).toBe('ha');
    const details = await ctx.app.inject({ method: 'GET', url: `/api/user/${hausa.json().data.id}/details`, headers: admin.headers });
    expect(details.json().data.textLanguage).toBe('ha');

    const unset = await register(motoristForm());
    expect(unset.statusCode).toBe(201);
    expect(await languageOf(unset.json().data.id)).toBe('en');
    const empty = await register(motoristForm({ textLanguage: '' }));
    expect(await languageOf(empty.json().data.id)).toBe('en');
  });

  it('refuses a language it has no texts in (400 naming the field), writing nothing', async () => {
    const form = motoristForm({ textLanguage: 'fr' });
    const reply = await register(form);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('textLanguage must be one of en, pcm, ha, yo, ig');
    expect(await ctx.database.db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);
  });

  it('is null on the record of anyone but a motorist', async () => {
    const remitter = await createPerson(ctx, { role: 'remitter' });
    const details = await ctx.app.inject({ method: 'GET', url: `/api/user/${remitter.id}/details`, headers: admin.headers });
    expect(details.json().data.textLanguage).toBeNull();
  });
});

describe('POST /api/motorist/{id}/text-language', () => {
  it('changes it, answers the record, and audits the change with before and after', async () => {
    const motorist = await createPerson(ctx, { role: 'motorist' });
    const reply = await change(motorist.id, { textLanguage: 'yo' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ message: 'Text language changed', data: { id: motorist.id, textLanguage: 'yo' } });
    expect(await languageOf(motorist.id)).toBe('yo');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, motorist.id), eq(auditLog.action, 'person.text_language_changed')));
    expect(audit).toMatchObject({ actorId: admin.person.id, before: { textLanguage: 'en' }, after: { textLanguage: 'yo' } });
  });

  it('refuses a missing or unknown language (400 naming the field) and changes nothing', async () => {
    const motorist = await createPerson(ctx, { role: 'motorist' });
    for (const body of [{}, { textLanguage: 'fr' }, { textLanguage: 7 }]) {
      const reply = await change(motorist.id, body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toMatch(/^textLanguage /);
    }
    expect(await languageOf(motorist.id)).toBe('en');
  });

  it('only for a live motorist: 404 for anyone else and for a deleted one', async () => {
    const remitter = await createPerson(ctx, { role: 'remitter' });
    expect((await change(remitter.id, { textLanguage: 'ha' })).statusCode).toBe(404);
    const gone = await createPerson(ctx, { role: 'motorist' });
    await ctx.database.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.id));
    expect((await change(gone.id, { textLanguage: 'ha' })).statusCode).toBe(404);
  });

  it('is checked on the server: a remitter-manager may not (403), nor anyone signed out (401)', async () => {
    const motorist = await createPerson(ctx, { role: 'motorist' });
    const manager = await signedInPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    expect((await change(motorist.id, { textLanguage: 'ig' }, manager.headers)).statusCode).toBe(403);
    expect((await change(motorist.id, { textLanguage: 'ig' }, {})).statusCode).toBe(401);
    expect(await languageOf(motorist.id)).toBe('en');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { FileStore } from '../../adapters/files.ts';
import { createLocalFileStore } from '../../adapters/files.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestContext, motoristFormFields, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { multipartForm, pngImage } from '../../../test/images.ts';
import { createMotorist, session, type Session } from '../../../test/tickets.ts';
import { coarsenScanLocations, ERASED_NAME, eraseDeletedPeople, KEPT_AFTER_ERASURE } from './index.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let store: FileStore;
let admin: Session;
let remitter: Session;
let enforcer: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  // The app's own store (DATA_DIR/uploads), read and checked as a second process would.
  store = createLocalFileStore(path.join(ctx.dataDir, 'uploads'), 'a-test-secret-a-test-secret-a-test-secret');
  admin = await session(ctx, { role: 'super-admin' });
  remitter = await session(ctx, { role: 'remitter' });
  enforcer = await session(ctx, { role: 'enforcer' });
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const q = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db(), query);

/** A motorist with a profile, ID images and portrait in the store, a guarantor, a paid subscription, two scans and a text. */
async function seededMotorist() {
  const motorist = await createMotorist(ctx, 'keke');
  const [front, back, portrait, guarantorFront] = await Promise.all([1, 2, 3, 4].map(() => store.save(pngImage(), 'image/png')));
  const now = ctx.clock.now().toISOString();
  await db().execute(sql`INSERT INTO user_profiles (user_id, address, dob, gender, id_type, serial_id, id_front_file, id_back_file, portrait_file)
    VALUES (${motorist.id}, '1 Marina, Lagos', '1990-05-04', 'male', 'nin', 'A123', ${front}, ${back}, ${portrait})`);
  await db().execute(
    sql`INSERT INTO guarantors (user_id, name, phone, address, front_file) VALUES (${motorist.id}, 'Ada Guarantor', '08030000000', '2 Broad St', ${guarantorFront})`,
  );
  const [plan] = await q<{ id: string }>(
    sql`INSERT INTO subscription_plans (name, vehicle_type, price_kobo, created_at, updated_at) VALUES ('daily', 'keke', 50000, ${now}, ${now})
        ON CONFLICT DO NOTHING RETURNING id`,
  ).then(async (rows) => (rows.length ? rows : q<{ id: string }>(sql`SELECT id FROM subscription_plans WHERE name = 'daily' AND vehicle_type = 'keke'`)));
  const [subscription] = await q<{ id: string }>(sql`INSERT INTO ticket_subscriptions (user_id, plan_id, expires_at, created_at, updated_at)
    VALUES (${motorist.id}, ${plan.id}, ${now}, ${now}, ${now}) RETURNING id`);
  await db().execute(sql`INSERT INTO subscription_payments (motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type, amount_kobo,
      mode_of_payment, expires_before, expires_after, idempotency_key, created_at)
    VALUES (${motorist.id}, ${remitter.person.id}, ${subscription.id}, ${plan.id}, 'daily', 'keke', 50000, 'cash', ${now}, ${now}, gen_random_uuid()::text, ${now})`);
  for (const latitude of [6.524379, 6.601234]) {
    await db().execute(sql`INSERT INTO scans (motorist_id, agent_id, subscription_id, vehicle_type, plate_number, subscription_status, expires_at,
        outstanding_kobo, created_at, latitude, longitude, location_accuracy)
      VALUES (${motorist.id}, ${enforcer.person.id}, ${subscription.id}, 'keke', ${motorist.plateNumber}, 'active', ${now}, 0, ${now}, ${latitude}, 3.379206, 12)`);
  }
  await db().execute(sql`INSERT INTO sms_messages (kind, motorist_id, to_phone, body, receipt_no, next_attempt_at, created_at)
    VALUES ('receipt', ${motorist.id}, '2348031234567', ${`Paid, ${motorist.fullName}`}, ${`S-${motorist.id.slice(0, 8)}`}, ${now}, ${now})`);
  return { ...motorist, files: [front, back, portrait, guarantorFront] };
}

const deleteThroughApi = async (id: string) => {
  const reply = await ctx.app.inject({ method: 'POST', url: `/api/deleted/${id}`, headers: await admin.headers() });
  expect(reply.statusCode, reply.body).toBeLessThan(300);
};

const personalFieldsOf = async (id: string) => {
  const [row] = await q<Record<string, unknown>>(sql`SELECT u.full_name, u.email, u.phone, p.address, p.dob, p.gender, p.id_type, p.serial_id,
      p.id_front_file, p.id_back_file, p.portrait_file, (SELECT count(*)::int FROM guarantors g WHERE g.user_id = u.id) AS guarantors
    FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id WHERE u.id = ${id}`);
  return row;
};

describe(`personal data retention (${TEST_DB})`, { timeout: 120_000 }, () => {
  it('erases a person deleted 90 days ago: payments and scans stay, no personal field, no image in the store', async () => {
    const motorist = await seededMotorist();
    const kept = await seededMotorist();
    await deleteThroughApi(motorist.id);

    // 89 days on: not due yet.
    const early = await eraseDeletedPeople(db(), store, new Date(ctx.clock.now().getTime() + 89 * DAY), 90);
    expect(early.people).toBe(0);
    expect(await store.read(motorist.files[0])).not.toBeNull();

    const report = await eraseDeletedPeople(db(), store, new Date(ctx.clock.now().getTime() + 91 * DAY), 90, 1);
    expect(report).toMatchObject({ people: 1, files: 4 });
    expect(await personalFieldsOf(motorist.id)).toEqual({
      full_name: ERASED_NAME,
      email: '',
      phone: '',
      address: null,
      dob: null,
      gender: null,
      id_type: null,
      serial_id: null,
      id_front_file: null,
      id_back_file: null,
      portrait_file: null,
      guarantors: 0,
    });
    for (const key of motorist.files) expect(await store.read(key)).toBeNull();
    const [counts] = await q<{ payments: number; scans: number; texts: string }>(sql`SELECT
      (SELECT count(*)::int FROM subscription_payments WHERE motorist_id = ${motorist.id}) AS payments,
      (SELECT count(*)::int FROM scans WHERE motorist_id = ${motorist.id}) AS scans,
      (SELECT string_agg(to_phone || '|' || body, ',') FROM sms_messages WHERE motorist_id = ${motorist.id}) AS texts`);
    expect(counts).toEqual({ payments: 1, scans: 2, texts: '|(erased)' });

    // The person not deleted keeps everything; a second run finds nobody.
    expect((await personalFieldsOf(kept.id)).full_name).toBe(kept.fullName);
    for (const key of kept.files) expect(await store.read(key)).not.toBeNull();
    expect((await eraseDeletedPeople(db(), store, new Date(ctx.clock.now().getTime() + 92 * DAY), 90)).people).toBe(0);
  });

  it('coarsens scan locations older than the retention to 2 decimal places', async () => {
    const motorist = await seededMotorist();
    const before = ctx.clock.now().getTime();
    expect(await coarsenScanLocations(db(), new Date(before + 179 * DAY), 180)).toBe(0);
    expect(await coarsenScanLocations(db(), new Date(before + 181 * DAY), 180, 1)).toBeGreaterThanOrEqual(2);
    const rows = await q<{ latitude: number; longitude: number; location_accuracy: number | null; location_coarse: boolean }>(
      sql`SELECT latitude, longitude, location_accuracy, location_coarse FROM scans WHERE motorist_id = ${motorist.id} ORDER BY latitude`,
    );
    expect(rows).toEqual([
      { latitude: 6.52, longitude: 3.38, location_accuracy: null, location_coarse: true },
      { latitude: 6.6, longitude: 3.38, location_accuracy: null, location_coarse: true },
    ]);
  });

  it('runs as the daily job and says what it did in job_runs', async () => {
    const motorist = await seededMotorist();
    await deleteThroughApi(motorist.id);
    await db().execute(sql`UPDATE users SET deleted_at = deleted_at - interval '91 days' WHERE id = ${motorist.id}`);
    expect(await ctx.app.jobs.run('personal-data-retention')).toBe('ran');
    const [run] = await q<{ outcome: string }>(sql`SELECT outcome FROM job_runs WHERE name = 'personal-data-retention'`);
    expect(run.outcome).toMatch(/^erased 1 deleted people \(4 images removed, 1 batches, longest \d+ ms\); coarsened 0 scan locations$/);
    expect((await personalFieldsOf(motorist.id)).full_name).toBe(ERASED_NAME);
  });
});

describe(`a person's rights (${TEST_DB})`, { timeout: 120_000 }, () => {
  it('the archive of a seeded person holds all their rows and images, and producing it is recorded', async () => {
    const motorist = await seededMotorist();
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/privacy/people/${motorist.id}/archive`, headers: await admin.headers() });
    expect(reply.statusCode, reply.body).toBe(200);
    const { data } = reply.json();
    expect(data.person).toMatchObject({ id: motorist.id, full_name: motorist.fullName, email: motorist.email, phone: motorist.phone });
    expect(data.person).not.toHaveProperty('password_hash');
    const counts = Object.fromEntries(Object.entries(data.sections as Record<string, unknown[]>).map(([name, rows]) => [name, rows.length]));
    expect(counts).toMatchObject({ profile: 1, vehicle: 1, guarantor: 1, subscriptions: 1, subscriptionPayments: 1, scans: 2, textsSent: 1, whoLooked: 1 });
    expect(data.sections.whoLooked[0]).toMatchObject({ staff_id: admin.person.id, action: 'archive' });
    expect(data.sections.vehicle[0].plate_number).toBe(motorist.plateNumber);
    expect(data.images.map((image: { name: string }) => image.name).sort()).toEqual(['guarantorIdFront', 'idBack', 'idFront', 'portrait']);
    expect(Buffer.from(data.images[0].base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const audit = await q<{ action: string; actor_id: string }>(
      sql`SELECT action, actor_id FROM audit_log WHERE entity_id = ${motorist.id} AND action = 'person.archive_produced'`,
    );
    expect(audit).toEqual([{ action: 'person.archive_produced', actor_id: admin.person.id }]);
  });

  it('is the super-admin alone', async () => {
    const motorist = await seededMotorist();
    const other = await session(ctx, { role: 'admin' });
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/privacy/people/${motorist.id}/archive`, headers: await other.headers() });
    expect(reply.statusCode).toBe(403);
  });

  it('records an erasure request and, approved, erases at once and says what was kept', async () => {
    const motorist = await seededMotorist();
    const headers = await admin.headers();
    const bad = await ctx.app.inject({ method: 'POST', url: `/api/privacy/people/${motorist.id}/requests`, headers, payload: { kind: 'forget' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/kind/);
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/people/${motorist.id}/requests`,
      headers,
      payload: { kind: 'erasure', details: 'Asked at the Oshodi office to be forgotten' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const request = recorded.json().data;
    expect(request).toMatchObject({ status: 'open', outcome: null });

    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/people/${motorist.id}/requests/${request.id}/decision`,
      headers,
      payload: { status: 'done', outcome: 'Erased as asked' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({ status: 'done', decidedBy: admin.person.id });
    expect(decided.json().data.outcome).toBe(`Erased as asked\n${KEPT_AFTER_ERASURE}`);
    expect((await personalFieldsOf(motorist.id)).full_name).toBe(ERASED_NAME);
    for (const key of motorist.files) expect(await store.read(key)).toBeNull();
    const [payments] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM subscription_payments WHERE motorist_id = ${motorist.id}`);
    expect(payments.n).toBe(1);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/people/${motorist.id}/requests/${request.id}/decision`,
      headers,
      payload: { status: 'refused', outcome: 'Changed my mind' },
    });
    expect(again.statusCode).toBe(409);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/privacy/people/${motorist.id}/requests`, headers });
    expect(list.json().data.items).toHaveLength(1);
  });

  it('records a refused correction with its outcome', async () => {
    const motorist = await seededMotorist();
    const headers = await admin.headers();
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/people/${motorist.id}/requests`,
      headers,
      payload: { kind: 'correction', details: 'Date of birth is wrong' },
    });
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/privacy/people/${motorist.id}/requests/${recorded.json().data.id}/decision`,
      headers,
      payload: { status: 'refused', outcome: 'No document shows another date' },
    });
    expect(decided.json().data).toMatchObject({ status: 'refused', outcome: 'No document shows another date' });
    expect((await personalFieldsOf(motorist.id)).full_name).toBe(motorist.fullName);
  });

  it('serves /privacy to anyone: what is held, why, how long, the rights and the DPO contact', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/privacy' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    for (const heading of ['What we hold', 'Why', 'How long', 'Your rights', 'Whom to ask']) expect(reply.body).toContain(`<h2>${heading}</h2>`);
    expect(reply.body).toContain('erased 90 days later');
    expect(reply.body).toContain('The data protection officer, at the levy office');
    expect(reply.body).not.toContain('<script');
    const notice = await ctx.app.inject({ method: 'GET', url: '/api/privacy/notice', headers: await enforcer.headers() });
    expect(notice.json().data).toEqual({
      levyName: 'E-Ticketing transport levy',
      dpoContact: 'The data protection officer, at the levy office',
      deletedPersonDays: 90,
      scanLocationDays: 180,
    });
  });

  it('a motorist registration records the notice given, and is refused without it (400 naming the field)', async () => {
    const register = async (fields: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/motorist/register', headers: await admin.headers(), payload: multipartForm(fields) });
    const { privacyNoticeGiven: _given, ...without } = motoristFormFields();
    const refused = await register(without);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('privacyNoticeGiven is required');
    expect((await register({ ...motoristFormFields(), privacyNoticeGiven: 'false' })).statusCode).toBe(400);
    const [none] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = ${without.email}`);
    expect(none.n).toBe(0);

    const accepted = await register(motoristFormFields());
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [row] = await q<{ privacy_notice_at: Date | string | null }>(sql`SELECT privacy_notice_at FROM users WHERE id = ${accepted.json().data.id}`);
    expect(row.privacy_notice_at).not.toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RESET_CODE_TARGETS } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, outboxMessages, signIn, signedInPerson, type TestContext } from '../../../test/harness.ts';
import { STAFF_SENT_RESET_LIMIT } from './service.ts';

// Issue 26: the super-admin and admins send a staff member a password reset code (the forgot-password
// code, mailed with a link naming the reset, so it works in the member's own browser); audited.

let ctx: TestContext;
const clock = controlledClock('2026-06-01T08:00:00Z');
let superAdmin: Awaited<ReturnType<typeof signedInPerson>>;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  superAdmin = await signedInPerson(ctx, { role: 'super-admin', fullName: 'sade super' });
  admin = await signedInPerson(ctx, { role: 'admin', fullName: 'ada admin' });
});
afterAll(async () => ctx.close());

const send = (id: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: `/api/user/${id}/reset-code`, headers });

/** Sends a code and answers the mail it wrote to the member. */
async function sendAndRead(id: string, headers: Record<string, string>) {
  const before = outboxMessages(ctx).length;
  const reply = await send(id, headers);
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.json()).toEqual({ message: MESSAGES.resetCodeSent });
  const mails = outboxMessages(ctx);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1)!.replace(/=\r?\n/g, '');
  const code = /password: (\d{6})\./.exec(mail)?.[1];
  const resetId = /\/login\/password-reset\?reset(?:=3D|=)([0-9a-f-]{36})/.exec(mail)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(resetId).toBeTruthy();
  return { mail, code: code!, resetId: resetId! };
}

const reset = (body: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/password-reset', payload: body });

describe('POST /api/user/:id/reset-code', () => {
  it('mails the member a code that resets their password in any browser with the link, once', async () => {
    const manager = await createPerson(ctx, { role: 'manager', department: 'enforcer-manager', email: 'mgr.reset@example.test', fullName: 'musa manager' });
    const oldToken = await signIn(ctx, manager.email);
    const { mail, code, resetId } = await sendAndRead(manager.id, admin.headers);
    expect(mail).toContain('To: mgr.reset@example.test');
    expect(mail).toContain('Hello Musa Manager,');
    expect(mail).toContain('Ada Admin sent you a code');

    // No cookie: the reset named in the link, and the code, do it.
    const password = 'a-new-password-77';
    const wrongReset = await reset({ token: code, password, confirmPassword: password, resetId: '00000000-0000-4000-8000-000000000000' });
    expect(wrongReset.statusCode).toBe(400);
    const done = await reset({ token: code, password, confirmPassword: password, resetId });
    expect(done.statusCode, done.body).toBe(200);
    await expect(signIn(ctx, manager.email, password)).resolves.toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${oldToken}` } })).statusCode).toBe(401);
    expect((await reset({ token: code, password: 'yet-another-pass-8', confirmPassword: 'yet-another-pass-8', resetId })).statusCode).toBe(400);
  });

  it("links to the console's own address, never to the Host the admin's request named (issue 46)", async () => {
    const manager = await createPerson(ctx, { role: 'manager', department: 'enforcer-manager', email: 'mgr.host@example.test', fullName: 'mona manager' });
    const { mail } = await sendAndRead(manager.id, { ...admin.headers, host: 'evil.example' });
    expect(mail).not.toContain('evil.example');
    // No PUBLIC_URL in this test's app: this machine's own address.
    expect(mail).toMatch(/Open http:\/\/localhost:3000\/login\/password-reset\?reset(=3D|=)[0-9a-f-]{36} and enter it/);
    const configured = await createTestContext({ clock, publicUrl: 'https://levy.example.ng' });
    try {
      const sender = await signedInPerson(configured, { role: 'admin', fullName: 'ade admin' });
      const member = await createPerson(configured, { role: 'manager', department: 'enforcer-manager', email: 'mgr.host2@example.test' });
      const before = outboxMessages(configured).length;
      const reply = await configured.app.inject({
        method: 'POST',
        url: `/api/user/${member.id}/reset-code`,
        headers: { ...sender.headers, host: 'evil.example' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const sent = outboxMessages(configured)
        .slice(before)
        .join('')
        .replace(/=\r?\n/g, '');
      expect(sent).not.toContain('evil.example');
      expect(sent).toMatch(/Open https:\/\/levy\.example\.ng\/login\/password-reset\?reset(=3D|=)[0-9a-f-]{36} and enter it/);
    } finally {
      await configured.close();
    }
  });

  it.each(['enforcer', 'remitter', 'registrar'] as const)(
    "mails an agent (%s) a code whose link opens the field app's sign-in, where it resets their password",
    async (role) => {
      const agent = await createPerson(ctx, { role, agentRole: role, email: `${role}.reset@example.test` });
      const before = outboxMessages(ctx).length;
      expect((await send(agent.id, admin.headers)).statusCode).toBe(200);
      const mail = outboxMessages(ctx)
        .slice(before)
        .join('\n')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const code = /password: (\d{6})\./.exec(mail)?.[1];
      const resetId = /https?:\/\/[^/\s]+\/field\/\?reset=([0-9a-f-]{36})/.exec(mail)?.[1];
      expect(resetId, mail).toBeTruthy();
      const password = 'a-field-password-78';
      expect((await reset({ token: code!, password, confirmPassword: password, resetId: resetId! })).statusCode).toBe(200);
      await expect(signIn(ctx, agent.email, password)).resolves.toBeTruthy();
    },
  );

  it('is audited: who sent a code to whom, never the code', async () => {
    const union = await createPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'audited riders' });
    const { code } = await sendAndRead(union.id, superAdmin.headers);
    const log = await ctx.app.inject({ method: 'GET', url: `/api/audit-logs?action=password.reset_code_sent&search=${union.id}`, headers: superAdmin.headers });
    expect(log.statusCode).toBe(200);
    const [entry, ...others] = log.json().data;
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      action: 'password.reset_code_sent',
      actor: { id: superAdmin.person.id },
      entity: { type: 'person', id: union.id },
      after: { email: union.email },
    });
    expect(JSON.stringify(entry)).not.toContain(code);
  });

  it('follows the matrix: super-admin to admins, managers and unions; admin to managers and unions; 403 otherwise', async () => {
    expect(RESET_CODE_TARGETS).toEqual({
      'super-admin': ['admin', 'manager', 'union', 'user', 'enforcer', 'remitter', 'registrar'],
      admin: ['manager', 'union', 'user', 'enforcer', 'remitter', 'registrar'],
    });
    const otherSuperAdmin = await createPerson(ctx, { role: 'super-admin' });
    const otherAdmin = await createPerson(ctx, { role: 'admin' });
    const manager = await createPerson(ctx, { role: 'manager', department: 'registrar-manager' });
    const enforcer = await createPerson(ctx, { role: 'enforcer' });
    const motorist = await createPerson(ctx, { role: 'motorist' });
    const managerSession = await signedInPerson(ctx, { role: 'manager', department: 'registrar-manager' });
    const unionSession = await signedInPerson(ctx, { role: 'union', unionRole: 'keke' });

    const outcomes = async (headers: Record<string, string>) => ({
      superAdmin: (await send(otherSuperAdmin.id, headers)).statusCode,
      admin: (await send(otherAdmin.id, headers)).statusCode,
      manager: (await send(manager.id, headers)).statusCode,
      enforcer: (await send(enforcer.id, headers)).statusCode,
      motorist: (await send(motorist.id, headers)).statusCode,
    });
    const before = outboxMessages(ctx).length;
    expect(await outcomes(superAdmin.headers)).toEqual({ superAdmin: 403, admin: 200, manager: 200, enforcer: 200, motorist: 403 });
    expect(await outcomes(admin.headers)).toEqual({ superAdmin: 403, admin: 403, manager: 200, enforcer: 200, motorist: 403 });
    expect(await outcomes(managerSession.headers)).toEqual({ superAdmin: 403, admin: 403, manager: 403, enforcer: 403, motorist: 403 });
    expect(await outcomes(unionSession.headers)).toEqual({ superAdmin: 403, admin: 403, manager: 403, enforcer: 403, motorist: 403 });
    // One mail per 200, none for a refusal.
    expect(outboxMessages(ctx).length - before).toBe(5);

    // Not to oneself (Profile changes one's own password), not signed in, not a pending or deleted member, not a bad id.
    expect((await send(superAdmin.person.id, superAdmin.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/user/${manager.id}/reset-code` })).statusCode).toBe(401);
    const pending = await createPerson(ctx, { role: 'manager', department: 'registrar-manager', registrationStatus: 'pending' });
    const pendingReply = await send(pending.id, admin.headers);
    expect(pendingReply.statusCode).toBe(409);
    expect(pendingReply.json().message).toBe(MESSAGES.resetCodeNotApproved);
    const deleted = await createPerson(ctx, { role: 'manager', department: 'registrar-manager', isDeleted: true });
    expect((await send(deleted.id, admin.headers)).statusCode).toBe(404);
    const badId = await send('not-an-id', admin.headers);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/);
  });

  it(`sends one member at most ${STAFF_SENT_RESET_LIMIT.perTarget} codes an hour, whoever sends them`, async () => {
    const manager = await createPerson(ctx, { role: 'manager', department: 'remitter-manager' });
    for (let sent = 0; sent < STAFF_SENT_RESET_LIMIT.perTarget; sent += 1) {
      expect((await send(manager.id, sent % 2 ? admin.headers : superAdmin.headers)).statusCode).toBe(200);
    }
    const refused = await send(manager.id, superAdmin.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(STAFF_SENT_RESET_LIMIT.windowMs + 1000);
    const again = { authorization: `Bearer ${await signIn(ctx, superAdmin.person.email)}` };
    expect((await send(manager.id, again)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { TEST_PASSWORD, createTestContext, signIn, signedInPerson, type TestContext } from '../../../test/harness.ts';
import { PASSWORD_CHANGE_LIMIT } from './service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const NEW_PASSWORD = 'a-brand-new-passphrase-77';
const change = (headers: Record<string, string>, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/profile/password', headers, payload });
const profileStatus = async (headers: Record<string, string>) => (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).statusCode;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/profile/password', () => {
  it('changes the password, ends every other session and answers a token that goes on working', async () => {
    const { person, headers } = await signedInPerson(ctx, { role: 'manager', department: 'enforcer-manager' });
    const otherDevice = bearer(await signIn(ctx, person.email));
    const reply = await change(headers, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toBe(MESSAGES.passwordChanged);
    expect(await profileStatus(otherDevice)).toBe(401);
    expect(await profileStatus(headers)).toBe(401);
    expect(await profileStatus(bearer(reply.json().token))).toBe(200);

    expect((await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { userCode: person.email, password: TEST_PASSWORD } })).statusCode).toBe(401);
    expect(await signIn(ctx, person.email, NEW_PASSWORD)).toBeTruthy();
  });

  it('refuses a wrong current password (400, nothing changes) and, after a few, any try for a while (429)', async () => {
    const { person, headers } = await signedInPerson(ctx, { role: 'union', unionRole: 'keke' });
    const wrong = await change(headers, { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.currentPasswordWrong);
    expect(await profileStatus(headers)).toBe(200);
    for (let attempt = 1; attempt < PASSWORD_CHANGE_LIMIT.perAccount; attempt++) {
      expect((await change(headers, { currentPassword: `guess-number-${attempt}`, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
    }
    // Blocked now, even with the right password: a borrowed session cannot go on guessing.
    expect((await change(headers, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(429);
    expect(await signIn(ctx, person.email, TEST_PASSWORD)).toBeTruthy();
  });

  it('names the field of a bad body: a short or unchanged new password, a missing current one', async () => {
    const { headers } = await signedInPerson(ctx, { role: 'admin' });
    const short = await change(headers, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/newPassword/);
    const same = await change(headers, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(MESSAGES.newPasswordSame);
    const missing = await change(headers, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/currentPassword/);
    expect(await profileStatus(headers)).toBe(200);
  });

  it('is for signed-in people only', async () => {
    expect((await change({}, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(401);
  });
});

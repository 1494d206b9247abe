import { MESSAGES } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import { checkForgotPassword, checkLogin } from './validation.ts';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe('checkLogin', () => {
  it('lower-cases the identifier and removes spaces', () => {
    expect(checkLogin({ userCode: ' Ada@Example.COM ', password: 'Secret 1' }, DESKTOP)).toEqual({
      ok: true,
      value: { userCode: 'ada@example.com', password: 'Secret 1' },
    });
  });
  it('needs both fields', () => {
    expect(checkLogin({ userCode: '  ', password: 'x' }, DESKTOP)).toEqual({ ok: false, message: MESSAGES.loginRequired });
    expect(checkLogin({ userCode: 'ada', password: '' }, DESKTOP)).toEqual({ ok: false, message: MESSAGES.loginRequired });
  });
  it('refuses mobile devices', () => {
    expect(checkLogin({ userCode: 'ada', password: 'x' }, PHONE)).toEqual({ ok: false, message: MESSAGES.mobileRefused });
  });
});

describe('checkForgotPassword', () => {
  it('normalises the email', () => expect(checkForgotPassword({ email: ' A B@x.io' })).toEqual({ ok: true, value: { email: 'ab@x.io' } }));
  it('needs it', () => expect(checkForgotPassword({ email: ' ' })).toEqual({ ok: false, message: MESSAGES.emailRequired }));
});

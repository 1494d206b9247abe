import { MESSAGES } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import { checkPasswordReset } from './passwordResetCheck.ts';

describe('checkPasswordReset', () => {
  it('needs every field', () => {
    expect(checkPasswordReset({ token: '', password: '', confirmPassword: '' })).toEqual({ ok: false, message: MESSAGES.allFieldsRequired });
    expect(checkPasswordReset({ token: '123456', password: 'a', confirmPassword: '' })).toEqual({ ok: false, message: MESSAGES.allFieldsRequired });
  });
  it('says why a short or common password would be refused, before sending', () => {
    expect(checkPasswordReset({ token: '123456', password: 'a', confirmPassword: 'b' })).toEqual({
      ok: false,
      message: 'New Password must be at least 12 characters',
    });
    expect(checkPasswordReset({ token: '123456', password: 'password1234', confirmPassword: 'password1234' })).toEqual({
      ok: false,
      message: 'New Password is too easy to guess: it is a commonly used password with small changes',
    });
  });
  it('trims the code and leaves the match to the server', () => {
    expect(checkPasswordReset({ token: ' 123456 ', password: 'Lagos-keke-2026', confirmPassword: 'b' })).toEqual({
      ok: true,
      value: { token: '123456', password: 'Lagos-keke-2026', confirmPassword: 'b' },
    });
  });
});

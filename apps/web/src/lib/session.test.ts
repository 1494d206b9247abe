import { MESSAGES } from '@eticket/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORAGE_KEYS,
  acceptLoginToken,
  clearNextRoute,
  decodeToken,
  endSession,
  isExpired,
  readNextRoute,
  readSession,
  saveNextRoute,
  sessionSnapshot,
  startSession,
  subscribeSession,
} from './session.ts';
import { fakeToken, memoryStorage } from './testing.ts';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});

describe('decodeToken', () => {
  it('reads the user and exp claims', () => {
    const payload = decodeToken(fakeToken({ user: { role: 'super-admin' }, exp: 2_000_000_000 }));
    expect(payload.user.role).toBe('super-admin');
    expect(payload.exp).toBe(2_000_000_000);
  });
  it('needs exactly three dot-separated parts', () => {
    expect(() => decodeToken('a.b')).toThrow(MESSAGES.invalidTokenFormat);
    expect(() => decodeToken('a.b.c.d')).toThrow(MESSAGES.invalidTokenFormat);
  });
  it('refuses a payload that is not the session claims', () => {
    expect(() => decodeToken('a.!!!.c')).toThrow(MESSAGES.invalidTokenReceived);
    expect(() => decodeToken(`a.${btoa('{"exp":1}')}.c`)).toThrow(MESSAGES.invalidTokenReceived);
  });
});

describe('isExpired', () => {
  it('compares exp in seconds with now in milliseconds', () => {
    expect(isExpired({ exp: 100 }, 99_999)).toBe(false);
    expect(isExpired({ exp: 100 }, 100_000)).toBe(true);
  });
});

describe('acceptLoginToken', () => {
  it('accepts staff who may use the console', () => {
    expect(acceptLoginToken(fakeToken({ user: { role: 'registrar', agentRole: 'registrar' } })).user.role).toBe('registrar');
  });
  it('refuses a token it cannot decode', () => {
    expect(() => acceptLoginToken('nonsense')).toThrow(MESSAGES.invalidTokenReceived);
    expect(() => acceptLoginToken(undefined)).toThrow(MESSAGES.invalidTokenReceived);
  });
  it.each([
    { role: 'enforcer', agentRole: 'enforcer' },
    { role: 'remitter', agentRole: 'remitter' },
    { role: 'motorist', isMotorist: true },
  ] as const)('refuses $role', (user) => {
    expect(() => acceptLoginToken(fakeToken({ user }))).toThrow(MESSAGES.cannotLogin);
  });
});

describe('readSession', () => {
  it('is signed out without the token or the isLoggedIn flag', () => {
    expect(readSession()).toEqual({ status: 'signed-out' });
    localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    expect(readSession().status).toBe('signed-out');
  });
  it('is active once started, until it ends', () => {
    const token = fakeToken({ exp: 2_000_000_000 });
    startSession(token);
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(readSession()).toMatchObject({ status: 'active', token, expiresAt: 2_000_000_000_000 });
    endSession(MESSAGES.sessionExpired);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(readSession()).toEqual({ status: 'signed-out', message: MESSAGES.sessionExpired });
  });
  it('has lapsed when the stored token has expired', () => {
    startSession(fakeToken({ exp: 1000 }));
    expect(readSession()).toEqual({ status: 'lapsed', message: MESSAGES.sessionExpired });
  });
  it('has lapsed when the stored token is malformed', () => {
    startSession('not-a-token');
    expect(readSession()).toEqual({ status: 'lapsed', message: MESSAGES.invalidTokenFormat });
  });
  it('forgets why the last session ended once a new one starts', () => {
    endSession('bye');
    startSession(fakeToken());
    endSession();
    expect(readSession()).toEqual({ status: 'signed-out', message: undefined });
  });
});

describe('subscribeSession', () => {
  it('tells listeners of each change, and the snapshot changes with it', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    const before = sessionSnapshot();
    startSession(fakeToken());
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sessionSnapshot()).not.toBe(before);
    unsubscribe();
    endSession();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('next route', () => {
  it('is kept until cleared', () => {
    saveNextRoute('/motorists?page=2');
    expect(readNextRoute()).toBe('/motorists?page=2');
    clearNextRoute();
    expect(readNextRoute()).toBeNull();
  });
  it('is never a login screen', () => {
    saveNextRoute('/login/forgot-password');
    expect(readNextRoute()).toBeNull();
  });
});

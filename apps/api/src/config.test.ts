import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-'));

describe('configuration', () => {
  it('has working defaults: PGlite in DATA_DIR, a generated secret kept there', () => {
    const DATA_DIR = dataDir();
    const config = loadConfig({ DATA_DIR });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.pgliteDir).toBe(path.join(DATA_DIR, 'pglite'));
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(DATA_DIR, 'jwt-secret'), 'utf8')).toBe(config.JWT_SECRET);
    expect(loadConfig({ DATA_DIR }).JWT_SECRET).toBe(config.JWT_SECRET);
    expect(config.RANKING_CACHE_SECONDS).toBe(60);
    expect(config.SESSION_CACHE_MS).toBe(1000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['JWT_SECRET', 'short'],
    ['SEED_ADMIN_EMAIL', 'not-an-email'],
    ['SEED_ADMIN_PASSWORD', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['RANKING_CACHE_SECONDS', '-1'],
    ['SESSION_CACHE_MS', '60000'],
  ])('stops with a message naming %s when it is invalid', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(name));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

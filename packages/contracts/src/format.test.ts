import { describe, expect, it } from 'vitest';
import { personName } from './format.ts';

describe('personName', () => {
  it('capitalises each word of a name stored lower-cased', () => {
    expect(personName('ada obi')).toBe('Ada Obi');
    expect(personName('chukwuemeka  okafor-nwosu')).toBe('Chukwuemeka  Okafor-Nwosu');
    expect(personName("o'neil j.k. bello")).toBe("O'Neil J.K. Bello");
  });

  it('keeps letters already capitalised and leaves digits alone', () => {
    expect(personName('ADA obi')).toBe('ADA Obi');
    expect(personName('union 2')).toBe('Union 2');
  });

  it('passes missing names through', () => {
    expect(personName('')).toBe('');
    expect(personName(null)).toBeNull();
    expect(personName(undefined)).toBeUndefined();
  });
});

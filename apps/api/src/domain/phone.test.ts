import { describe, expect, it } from 'vitest';
import { nigerianMobile } from './phone.ts';

describe('nigerianMobile', () => {
  it('reads the forms Nigerians write a mobile number in, as 234 and the 10-digit number', () => {
    for (const written of [
      '08031234567',
      '0803 123 4567',
      '0803-123-4567',
      '+2348031234567',
      '+234 803 123 4567',
      '234 (0) 803 123 4567',
      '2340803123 4567',
      '002348031234567',
      '8031234567',
    ]) {
      expect(nigerianMobile(written), written).toBe('2348031234567');
    }
    expect(nigerianMobile('07012345678')).toBe('2347012345678');
    expect(nigerianMobile('09151234567')).toBe('2349151234567');
  });

  it('refuses what cannot take a text: landlines, other countries, wrong lengths, letters', () => {
    for (const written of [
      '',
      '012345678',
      '01 234 5678',
      '+14155550100',
      '+447911123456',
      '0803123456',
      '080312345678',
      '0803-CALL-ME',
      '0603 123 4567',
      '2348031234567890',
    ]) {
      expect(nigerianMobile(written), written).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { codeFromQr } from '../../../../../field/src/lib/format.ts';
import { qrCaption, vehicleCheckUrl } from './qrCode.ts';

describe("a motorist's QR code", () => {
  it('holds the public check of the vehicle, captioned with the Unique ID', () => {
    expect(vehicleCheckUrl('https://levy.example.ng', 'ab12cd34ef')).toBe('https://levy.example.ng/v/ab12cd34ef');
    expect(vehicleCheckUrl('https://levy.example.ng/check/', 'ab12cd34ef')).toBe('https://levy.example.ng/check/v/ab12cd34ef');
    expect(qrCaption('ab12cd34ef')).toBe('EBS / ab12cd34ef');
  });

  it("is read back by the field app's reader, as is a bare Unique ID (stickers printed before)", () => {
    expect(codeFromQr(vehicleCheckUrl('http://192.168.1.10:3000', 'ab12cd34ef'))).toBe('ab12cd34ef');
    expect(codeFromQr('AB12CD34EF')).toBe('ab12cd34ef');
  });
});

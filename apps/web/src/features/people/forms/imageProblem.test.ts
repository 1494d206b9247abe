import { MAX_IMAGE_BYTES } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import { imageProblem } from './imageProblem.ts';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'x', { type });

describe('imageProblem', () => {
  it('takes jpeg, png and webp up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(imageProblem('ID Front Image', file(type))).toBeNull();
    expect(imageProblem('ID Front Image', file('image/png', MAX_IMAGE_BYTES))).toBeNull();
  });
  it('refuses another type or a larger file, naming the field', () => {
    expect(imageProblem('ID Front Image', file('application/pdf'))).toBe('ID Front Image must be a jpeg, png or webp image');
    expect(imageProblem('ID Front Image', file('image/gif'))).toBe('ID Front Image must be a jpeg, png or webp image');
    expect(imageProblem('ID Front Image', file('image/png', MAX_IMAGE_BYTES + 1))).toBe('ID Front Image is larger than 5 MB');
  });
});

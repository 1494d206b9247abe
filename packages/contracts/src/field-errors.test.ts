import { describe, expect, it } from 'vitest';
import { fieldErrorOf, fieldLabel } from './field-errors.ts';

describe('field errors', () => {
  it('labels fields in words', () => {
    expect(fieldLabel('plateNumber')).toBe('Plate number');
    expect(fieldLabel('guarantorsPhone')).toBe("Guarantor's phone");
    expect(fieldLabel('email')).toBe('Email');
  });
  it('leads a message with the label instead of the field name', () => {
    expect(fieldErrorOf('guarantorsPhone', 'guarantorsPhone must be a phone number')).toEqual({
      field: 'guarantorsPhone',
      message: "Guarantor's phone must be a phone number",
    });
    expect(fieldErrorOf('dob', 'dob: Invalid input')).toEqual({ field: 'dob', message: 'Date of birth: Invalid input' });
    expect(fieldErrorOf('email', 'All fields are required')).toEqual({ field: 'email', message: 'All fields are required' });
  });
});

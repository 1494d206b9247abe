/**
 * Nigerian mobile numbers as text-message providers take them: the country code and the 10-digit
 * national number, digits only (E.164 without its '+', e.g. 2348031234567). Mobile national numbers
 * start with 7, 8 or 9 (070…, 080…, 081…, 090…, 091…); a landline cannot receive a text.
 */
const NATIONAL_MOBILE = /^[789][01]\d{8}$/;

/**
 * The number as 234XXXXXXXXXX, from the forms people write: 08031234567, 0803 123 4567,
 * +234 803 123 4567, 234-803-123-4567, 2340803…, 8031234567. Null when it is not a Nigerian mobile
 * number (another country's, a landline, too short or too long).
 */
export function nigerianMobile(phone: string): string | null {
  const compact = phone.trim().replace(/[\s().-]+/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  let national: string;
  if (digits.startsWith('234')) national = digits.slice(3).replace(/^0/, '');
  else if (digits.startsWith('0')) national = digits.slice(1);
  else national = digits;
  return NATIONAL_MOBILE.test(national) ? `234${national}` : null;
}

/**
 * NUBAN (Nigeria Uniform Bank Account Number) check digits.
 *
 * A NUBAN is 10 digits: a 9-digit serial and a check digit. The CBN's scheme (NUBAN proposals
 * v0.4, 2010) computes the check digit over the 3-digit bank code and the serial with the weights
 * 3,7,3,3,7,3,3,7,3,3,7,3: check = 10 - (weighted sum mod 10), and 0 when that is 10.
 * The revised standard (CBN, March 2020) widens the institution code to 6 digits and the weights to
 * 3,7,3 repeated over 15 digits: deposit money banks are "000" + their 3-digit code (which changes
 * nothing, the zeros weigh nothing), other financial institutions "9" + their 5-digit code.
 *
 * We enforce the check only where we can vouch for it: the 3-digit codes of deposit money banks.
 * Many 5- and 6-digit codes in providers' lists (e.g. Paystack's own codes for fintechs and
 * mobile-money wallets) are not CBN institution codes and their account numbers are often phone
 * numbers, so for those we check only that the number is 10 digits; `checkDigitApplies` says which.
 */

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** The 6-digit institution code of the revised standard, or null for a code of another length. */
export function institutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`;
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`;
  if (/^\d{6}$/.test(bankCode)) return bankCode;
  return null;
}

/** The check digit for a 9-digit serial at an institution (3-, 5- or 6-digit code). */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const institution = institutionCode(bankCode);
  if (!institution) throw new Error('bank code must be 3, 5 or 6 digits');
  if (!/^\d{9}$/.test(serial)) throw new Error('serial must be 9 digits');
  const digits = institution + serial;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * WEIGHTS[i];
  const check = 10 - (sum % 10);
  return check === 10 ? 0 : check;
}

/** Whether `accountNumber` carries the right check digit for `bankCode` (3-, 5- or 6-digit). */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || !institutionCode(bankCode)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

/** Whether we hold the check digit of this bank code to the CBN rule (deposit money banks). */
export function checkDigitApplies(bankCode: string): boolean {
  return /^\d{3}$/.test(bankCode);
}

/** Why an account number is refused for a bank, or null when it may be looked up. */
export function accountNumberProblem(bankCode: string, accountNumber: string): string | null {
  if (!/^\d{10}$/.test(accountNumber)) return 'accountNumber must be 10 digits';
  if (checkDigitApplies(bankCode) && !isValidNuban(bankCode, accountNumber)) {
    return 'accountNumber is not a valid account number for this bank (its check digit is wrong)';
  }
  return null;
}

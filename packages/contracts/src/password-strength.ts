import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/** zxcvbn's scale runs 0–4; 3 is "safely unguessable" against an online attack and a slow offline one. */
const LOWEST_ACCEPTED_SCORE = 3;

const REASONS: Record<string, string> = {
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is a commonly used password with small changes',
  simpleRepeat: 'it repeats a character',
  extendedRepeat: 'it repeats a pattern',
  sequences: 'it is a sequence like abc or 123',
  straightRow: 'it is a row of keys on the keyboard',
  keyPattern: 'it is a pattern of keys on the keyboard',
  recentYears: 'it is mostly a recent year',
  dates: 'it is mostly a date',
};
const DEFAULT_REASON = 'add more words or characters that do not follow a pattern';

// Built on first use: the common-password list takes ~30 ms to rank, and screens without a
// password field never need it.
let checker: ZxcvbnFactory | undefined;
const strengthChecker = () => (checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/**
 * Why a new password would be refused, to follow the field's name ("must be at least 12 characters"),
 * or null: shorter than PASSWORD_MIN_LENGTH, or easy to guess (common, breached, repeated, sequential
 * or a keyboard pattern, as zxcvbn judges). Existing passwords are never re-judged; only new ones, at
 * registration, reset and change.
 */
export function passwordWeakness(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  const { score, feedback } = strengthChecker().check(password);
  if (score >= LOWEST_ACCEPTED_SCORE) return null;
  return `is too easy to guess: ${(feedback.warning && REASONS[feedback.warning]) || DEFAULT_REASON}`;
}

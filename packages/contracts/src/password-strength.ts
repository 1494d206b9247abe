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
  userInputs: "it is made of the person's own name or email, or the levy's name",
};
const DEFAULT_REASON = 'add more words or characters that do not follow a pattern';

// Built on first use: the common-password list takes ~30 ms to rank, and screens without a
// password field never need it.
let checker: ZxcvbnFactory | undefined;
const strengthChecker = () => (checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** The product's own name: always among the words a password may not be made of. */
const PRODUCT_NAME = 'E-Ticketing';
/** Shorter pieces (an initial, "of") match too much of any password to count as one's own words. */
const MIN_OWN_WORD_LENGTH = 3;

/**
 * The words a password must not be made of (zxcvbn's user inputs): each word of these texts (a
 * person's full name, email, the levy's name) lower-cased, with and without its punctuation
 * ('e-ticketing' gives 'e', 'ticketing' and 'eticketing'), and each text run together
 * ('chineduokafor'); the product's name always.
 */
export function ownWords(...texts: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of [PRODUCT_NAME, ...texts]) {
    const lower = (text ?? '').toLowerCase();
    const pieces = [lower.replace(/[^\p{L}\p{N}]+/gu, ''), ...lower.split(/[\s@]+/), ...lower.split(/[^\p{L}\p{N}]+/u)];
    for (const piece of pieces) {
      const word = piece.replace(/[^\p{L}\p{N}]+/gu, '');
      if (word.length >= MIN_OWN_WORD_LENGTH) words.add(word);
    }
  }
  return [...words];
}

const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]+/gu, '');

/**
 * Whether the password's letters are nothing but these words, in any order and case, whatever digits
 * and signs are around them ('okafor.chinedu.1', 'E-Ticketing-2026'): zxcvbn scores two such words
 * with separators as strong enough, though a guesser who knows the person tries them first.
 */
function madeOfOwnWords(password: string, words: readonly string[]): boolean {
  let rest = lettersOf(password);
  if (rest.length === 0) return false;
  const longestFirst = words.map(lettersOf).sort((a, b) => b.length - a.length);
  for (const word of longestFirst) if (word.length >= MIN_OWN_WORD_LENGTH) rest = rest.split(word).join('');
  return rest.length < MIN_OWN_WORD_LENGTH;
}

/**
 * Why a new password would be refused, to follow the field's name ("must be at least 12 characters"),
 * or null: shorter than PASSWORD_MIN_LENGTH, or easy to guess (common, breached, repeated, sequential
 * or a keyboard pattern, as zxcvbn judges), or made of `words` (see ownWords: the person's name and
 * email, the levy's name; the product's name always). Existing passwords are never re-judged; only
 * new ones, at registration, reset and change.
 */
export function passwordWeakness(password: string, words: readonly string[] = ownWords()): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (madeOfOwnWords(password, words)) return `is too easy to guess: ${REASONS.userInputs}`;
  const { score, feedback } = strengthChecker().check(password, [...words]);
  if (score >= LOWEST_ACCEPTED_SCORE) return null;
  return `is too easy to guess: ${(feedback.warning && REASONS[feedback.warning]) || DEFAULT_REASON}`;
}

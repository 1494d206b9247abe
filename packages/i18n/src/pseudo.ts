import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index],
  ]),
);

/** Pseudo-localised text: every ASCII letter accented, 'Sign in' → 'Šîĝñ îñ'. */
export const pseudoText = (text: string): string => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter]);

type Part = CompiledMessage[number];

function pseudoPart(part: Part, inPlural: boolean): Part {
  if (typeof part === 'string') return inPlural && part === '#' ? part : pseudoText(part);
  const [name, type, options] = part as [string, string?, Record<string, CompiledMessage | string>?];
  if (!options || typeof options !== 'object') return part;
  const plural = type === 'plural' || type === 'selectordinal';
  const mapped = Object.fromEntries(
    Object.entries(options).map(([key, value]) => [key, Array.isArray(value) ? value.map((p) => pseudoPart(p, plural || inPlural)) : value]),
  );
  return [name, type, mapped] as unknown as Part;
}

/**
 * The pseudo-locale's message from English's compiled one: letters accented (placeholders and plural
 * keywords kept), bracketed ⟦…⟧ so text outside any catalogue stands out in a journey.
 */
export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  return ['⟦', ...message.map((part) => pseudoPart(part, false)), '⟧'] as CompiledMessage;
}

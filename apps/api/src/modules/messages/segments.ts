/**
 * How many SMS segments (billed parts) a text takes (issue 45). A text is sent in GSM 7-bit when
 * every character is in the GSM 03.38 alphabet: 160 characters in one segment, 153 a segment when
 * split (7 go to the header that joins the parts). One character outside it (the naira sign, a
 * Yoruba or Igbo letter with a dot below such as ẹ ọ ṣ ị ụ, a tone mark, Hausa's ɓ ɗ ƙ) makes the
 * whole text UCS-2: 70 in one segment, 67 a segment when split. The extension characters
 * (^ { } \ [ ] ~ | €) take two GSM places each (an escape and the character).
 */

const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Characters as the encoding counts them: GSM places (an extension character is 2), or UTF-16 units. */
  length: number;
  segments: number;
  /** The characters that made the text UCS-2 (none for GSM-7), each once. */
  nonGsm: string[];
}

/** The encoding, length and segments of a text as a phone network bills it. */
export function countSegments(text: string): SegmentCount {
  let places = 0;
  const nonGsm = new Set<string>();
  for (const char of text) {
    if (basic.has(char)) places += 1;
    else if (extension.has(char)) places += 2;
    else nonGsm.add(char);
  }
  if (nonGsm.size === 0) return { encoding: 'GSM-7', length: places, segments: places <= 160 ? 1 : Math.ceil(places / 153), nonGsm: [] };
  // UCS-2 counts UTF-16 code units; a character outside the basic plane takes two.
  const units = text.length;
  return { encoding: 'UCS-2', length: units, segments: units <= 70 ? 1 : Math.ceil(units / 67), nonGsm: [...nonGsm] };
}

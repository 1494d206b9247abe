/** "3 months" → "3 Months": how a choice the server owns is shown. */
export function titleCase(value: string): string {
  return value.replace(/(^|[\s-])(\p{L})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
}

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Choices for a select: each value of a vocabulary from @eticket/contracts, labelled in title case. */
export function choicesOf(values: readonly string[]): Choice[] {
  return values.map((value) => ({ value, label: titleCase(value) }));
}

/** The same, led by an empty "Choose …" entry, for a select that starts unset. */
export function choicesWithPrompt(values: readonly string[], prompt = 'Choose'): Choice[] {
  return [{ value: '', label: prompt, disabled: true }, ...choicesOf(values)];
}

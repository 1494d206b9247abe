export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * Choices for a select: each value of a vocabulary from @eticket/contracts, labelled as the server
 * stores it ("3 months", "keke"), as every table, modal and CSV shows it: only people's names are
 * capitalised (personName, issue 26).
 */
export function choicesOf(values: readonly string[]): Choice[] {
  return values.map((value) => ({ value, label: value }));
}

/** The same, led by an empty "Choose …" entry, for a select that starts unset. */
export function choicesWithPrompt(values: readonly string[], prompt = 'Choose'): Choice[] {
  return [{ value: '', label: prompt, disabled: true }, ...choicesOf(values)];
}

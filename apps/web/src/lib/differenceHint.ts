/** What an amount difference (expected minus paid) means, under its figure. */
export function differenceHint(difference: number): string {
  if (difference > 0) return 'still to be paid';
  if (difference < 0) return 'paid more than expected';
  return 'nothing outstanding';
}

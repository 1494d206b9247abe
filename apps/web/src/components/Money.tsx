import { formatNaira } from '../lib/format.ts';

/** An amount in naira with Nigerian grouping (₦1,234.50); N/A when missing. */
export function Money({ value }: { value: number | string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatNaira(value)}</span>;
}

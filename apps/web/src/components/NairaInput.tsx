import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A naira amount: ₦ prefix, en-NG grouping, at most 2 decimals, never negative. */
export function NairaInput(props: NumberInputProps) {
  return <NumberInput description="In naira" prefix="₦" thousandSeparator="," decimalScale={2} allowNegative={false} hideControls {...props} />;
}

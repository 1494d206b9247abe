import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { formatTableDateTime } from '../lib/format.ts';
import { NoWrap } from './NoWrap.tsx';

/** A text cell's widest (px) when it may wrap between words. */
const WRAPPING_MAX_WIDTH = 160;

/**
 * Table text that wraps between its words (a bank's or a person's name) rather than widening the
 * column: the payment lists fit a 1366 px screen without a column under the sticky Actions (issue 48).
 */
export function WrappingText({ children }: { children: ReactNode }) {
  return (
    <Text span inherit display="block" maw={WRAPPING_MAX_WIDTH}>
      {children}
    </Text>
  );
}

/** A table's date and time ("19 Nov 2026, 15:38"), which may break before the time when the table is short of room. */
export function TableDateTime({ value }: { value: Parameters<typeof formatTableDateTime>[0] }) {
  const text = formatTableDateTime(value);
  const [day, time] = text.split(', ');
  if (!time) return <NoWrap>{text}</NoWrap>;
  return (
    <>
      <NoWrap>{day},</NoWrap> <NoWrap>{time}</NoWrap>
    </>
  );
}

/** A receipt number in a table: fixed-width characters (0 and O, 1 and I never confused), small enough to fit beside the date. */
export function ReceiptNumber({ receiptNo }: { receiptNo: string }) {
  return (
    <Text span ff="monospace" fz="xs" style={{ whiteSpace: 'nowrap' }}>
      {receiptNo}
    </Text>
  );
}

/**
 * A second, smaller line in a cell (a payment's reference under its mode, a remitter's Unique ID under
 * the name): any characters may break it, so a long reference never widens its column.
 */
export function SecondLine({ children }: { children: ReactNode }) {
  return (
    <Text span display="block" fz="xs" c="dimmed" ff="monospace" maw={110} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

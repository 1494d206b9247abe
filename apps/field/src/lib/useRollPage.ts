import { useLayoutEffect, useState, type RefObject } from 'react';
import { watchRollLength } from '@eticket/contracts';

/**
 * The `@page` rule that prints this element alone on a 58 mm roll, as long as the element is.
 * Chromium ignores `size: 58mm auto` and prints on Letter, so the length is measured: the element is
 * the receipt's print copy, laid out at its printed width off screen.
 */
export function useRollPage(element: RefObject<HTMLElement | null>): string {
  const [lengthMm, setLengthMm] = useState(120);
  useLayoutEffect(() => {
    const target = element.current;
    return target ? watchRollLength(target, setLengthMm) : undefined;
  }, [element]);
  return `@media print { @page { size: 58mm ${lengthMm}mm; margin: 0; } }`;
}

import { useLayoutEffect, useState, type RefObject } from 'react';

const PX_PER_MM = 96 / 25.4;

/**
 * The `@page` rule that prints this element alone on a 58 mm roll, as long as the element is.
 * Chromium ignores `size: 58mm auto` and prints on Letter, so the length is measured: the element is
 * the receipt's print copy, laid out at its printed width off screen.
 */
export function useRollPage(element: RefObject<HTMLElement | null>): string {
  const [lengthMm, setLengthMm] = useState(120);
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    const measure = () => setLengthMm(Math.ceil(target.getBoundingClientRect().height / PX_PER_MM) + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return `@media print { @page { size: 58mm ${lengthMm}mm; margin: 0; } }`;
}

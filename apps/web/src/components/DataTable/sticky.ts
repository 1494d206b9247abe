import type { CSSProperties } from 'react';

/**
 * A column held at the scrolling table's right edge (row actions): at 1366 px wide the motorist
 * list's Actions fell outside the view. Opaque, with a line on its left, so the cells scrolling
 * beneath it do not show through.
 */
export const STICKY_END: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3)',
};

import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box } from '@mantine/core';
import { watchRollLength } from '@eticket/contracts';

/** The paper a sheet prints on: a fixed size (with the page's margin, 0 when unset), or a roll as long as the sheet. */
export type Paper = { size: string; margin?: string } | { rollWidth: string };

/**
 * A printable sheet: shown on screen as a preview, and printed alone on its own paper. The browser's
 * print (window.print()) gets an `@page` of the paper's size and a copy of the sheet at the end of
 * <body>, with everything else (the console's header, sidebar, page and pop-ups) hidden.
 *
 * Chromium does not take `size: 58mm auto` (it prints on Letter), so roll paper is as long as the
 * sheet measures on screen, where it has its printed width.
 *
 * `css` styles the sheet's own classes, on screen and on paper alike; it applies while the sheet is shown.
 */
export function PrintSheet({ label, paper, css, children }: { label: string; paper: Paper; css: string; children: ReactNode }) {
  const preview = useRef<HTMLDivElement>(null);
  const [lengthMm, setLengthMm] = useState<number | null>(null);
  const roll = 'rollWidth' in paper;

  useLayoutEffect(() => {
    const sheet = preview.current?.firstElementChild;
    // In print media the preview is hidden and measures 0: the length it had on screen stays.
    return roll && sheet ? watchRollLength(sheet, setLengthMm) : undefined;
  }, [roll]);

  const size = roll ? `${paper.rollWidth} ${lengthMm ?? 200}mm` : paper.size;
  const rules = `${css}
.print-copy { display: none; }
.print-preview > * { background: #fff; color: #000; box-shadow: 0 1px 6px rgba(0, 0, 0, 0.25); }
@media print {
  @page { size: ${size}; margin: ${('margin' in paper && paper.margin) || 0}; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > :not(.print-copy) { display: none !important; }
  body > .print-copy { display: block !important; }
  .print-copy * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;
  return (
    <>
      <style>{rules}</style>
      <Box
        ref={preview}
        className="print-preview"
        role="region"
        aria-label={`${label} preview`}
        data-paper={size}
        style={{ display: 'flex', justifyContent: 'center', overflowX: 'auto' }}
      >
        {children}
      </Box>
      {createPortal(
        <div className="print-copy" role="region" aria-label={label}>
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}

import { receiptLines, type PrintableReceipt } from '@eticket/contracts';
import type { Paper } from '../../../components/print/index.ts';

export type ReceiptLayout = 'a5' | 'thermal';

export const RECEIPT_LAYOUTS: Record<ReceiptLayout, { label: string; paper: Paper }> = {
  a5: { label: 'A5 page', paper: { size: 'A5' } },
  // 58 mm roll, 48 mm printed (the field app's layout, apps/field/src/styles.css).
  thermal: { label: '58 mm thermal', paper: { rollWidth: '58mm' } },
};

/** Both layouts' rules: an A5 page (148 × 210 mm) and a 58 mm roll (48 mm printed, 5 mm each side). */
export const RECEIPT_CSS = `
.receipt-sheet { box-sizing: border-box; color: #000; }
.receipt-sheet h1, .receipt-sheet p { margin: 0; }
.receipt-sheet dl { margin: 0; }
.receipt-sheet dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
.receipt-sheet .check { overflow-wrap: anywhere; }
.receipt-a5 { width: 148mm; min-height: 150mm; padding: 14mm 14mm 10mm; font: 11pt/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.receipt-a5 h1 { font-size: 17pt; line-height: 1.2; }
.receipt-a5 .kind { font-size: 10pt; text-transform: uppercase; letter-spacing: 0.08em; color: #333; margin-top: 1mm; }
.receipt-a5 dl { display: grid; grid-template-columns: 42mm 1fr; gap: 2mm 4mm; margin: 7mm 0; padding: 5mm 0; border-top: 0.4mm solid #000; border-bottom: 0.4mm solid #000; }
.receipt-a5 dl > div { display: contents; }
.receipt-a5 dt { color: #333; }
.receipt-a5 .verify { display: flex; gap: 6mm; align-items: center; }
.receipt-a5 .verify img { width: 38mm; height: 38mm; }
.receipt-a5 .check { font-size: 9pt; }
.receipt-thermal { width: 58mm; padding: 2mm 5mm 4mm; font: 9pt/1.3 ui-monospace, 'DejaVu Sans Mono', monospace; }
.receipt-thermal h1 { font-size: 10.5pt; text-align: center; line-height: 1.2; }
.receipt-thermal .kind { text-align: center; font-size: 8pt; margin-bottom: 2mm; }
.receipt-thermal dl > div { border-top: 0.2mm dashed #000; padding: 1mm 0; }
.receipt-thermal dt { font-size: 7.5pt; }
.receipt-thermal .verify { text-align: center; border-top: 0.2mm dashed #000; padding-top: 2mm; }
.receipt-thermal .verify img { width: 34mm; height: 34mm; display: block; margin: 0 auto; }
.receipt-thermal .check { font-size: 7pt; }
`;

interface ReceiptSheetProps {
  receipt: PrintableReceipt;
  layout: ReceiptLayout;
  levyName: string;
  /** {PUBLIC_URL}/r/{receiptNo}, and its QR code. */
  checkUrl: string;
  qrDataUrl: string | null;
}

/** A payment's receipt as printed: the levy, every line of receiptLines, and the QR code of its public check. */
export function ReceiptSheet({ receipt, layout, levyName, checkUrl, qrDataUrl }: ReceiptSheetProps) {
  return (
    <article className={`receipt-sheet receipt-${layout}`} data-layout={layout}>
      <h1>{levyName}</h1>
      <p className="kind">Official receipt</p>
      <dl>
        {receiptLines(receipt).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="verify">
        {qrDataUrl && <img src={qrDataUrl} alt={`QR code of ${checkUrl}`} />}
        <p className="check">
          Scan to check this receipt is genuine:
          <br />
          {checkUrl}
        </p>
      </div>
    </article>
  );
}

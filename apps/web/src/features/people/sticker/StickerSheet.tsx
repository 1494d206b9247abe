import { stickerLines, type PrintableSticker } from '@eticket/contracts';
import type { Paper } from '../../../components/print/index.ts';

export type StickerLayout = 'a6' | 'thermal';

export const STICKER_LAYOUTS: Record<StickerLayout, { label: string; paper: Paper }> = {
  a6: { label: 'A6 label', paper: { size: '105mm 148mm' } },
  // 58 mm roll, 48 mm printed, as the receipts' (ReceiptSheet.tsx) and the field app's.
  thermal: { label: '58 mm thermal', paper: { rollWidth: '58mm' } },
};

/** Both layouts: an A6 label (105 × 148 mm) for the windscreen, a 58 mm roll for a thermal printer; no text below 7 pt. */
export const STICKER_CSS = `
.sticker-sheet { box-sizing: border-box; color: #000; text-align: center; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.sticker-sheet h1, .sticker-sheet p, .sticker-sheet dl { margin: 0; }
.sticker-sheet .plate { font: 700 1em ui-monospace, 'DejaVu Sans Mono', monospace; letter-spacing: 0.04em; }
.sticker-sheet img { display: block; margin: 0 auto; }
.sticker-sheet dl > div { display: flex; justify-content: space-between; gap: 2mm; }
.sticker-sheet dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
.sticker-sheet .check { overflow-wrap: anywhere; }
.sticker-a6 { width: 105mm; height: 148mm; padding: 8mm; display: flex; flex-direction: column; gap: 3mm; font-size: 11pt; line-height: 1.3; }
.sticker-a6 h1 { font-size: 14pt; line-height: 1.2; }
.sticker-a6 .plate { font-size: 26pt; }
.sticker-a6 img { width: 68mm; height: 68mm; }
.sticker-a6 dl { text-align: left; border-top: 0.4mm solid #000; padding-top: 2mm; }
.sticker-a6 .check { font-size: 8pt; }
.sticker-thermal { width: 58mm; padding: 2mm 5mm 4mm; font: 9pt/1.3 ui-monospace, 'DejaVu Sans Mono', monospace; }
.sticker-thermal h1 { font-size: 10.5pt; line-height: 1.2; }
.sticker-thermal .plate { font-size: 16pt; margin: 1mm 0; }
.sticker-thermal img { width: 40mm; height: 40mm; }
.sticker-thermal dl { text-align: left; border-top: 0.2mm dashed #000; padding-top: 1mm; }
.sticker-thermal .check { font-size: 7pt; }
`;

interface StickerSheetProps {
  sticker: PrintableSticker;
  layout: StickerLayout;
  levyName: string;
  /** {PUBLIC_URL}/v/{userCode}, and its QR code. */
  checkUrl: string;
  qrDataUrl: string | null;
  /** The motorist's own bank account for the levy (a dedicated account), when assigned. */
  account?: { accountNumber: string; bankName: string } | null;
}

/** A motorist's sticker as printed: the levy, the plate, the QR code of the vehicle's public check, the vehicle type and Unique ID. */
export function StickerSheet({ sticker, layout, levyName, checkUrl, qrDataUrl, account }: StickerSheetProps) {
  const [[, plate], ...lines] = stickerLines(sticker);
  return (
    <article className={`sticker-sheet sticker-${layout}`} data-layout={layout}>
      <h1>{levyName}</h1>
      <p className="plate">{plate}</p>
      {qrDataUrl && <img src={qrDataUrl} alt={`QR code of ${checkUrl}`} />}
      <dl>
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {account && (
          <div>
            <dt>Pay by transfer</dt>
            <dd>
              {account.accountNumber} {account.bankName}
            </dd>
          </div>
        )}
      </dl>
      <p className="check">
        Scan to check this vehicle’s ticket:
        <br />
        {checkUrl}
      </p>
    </article>
  );
}

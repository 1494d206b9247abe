import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { stickerLines, vehicleCheckUrl, type PrintableSticker } from '@eticket/contracts';
import { t, tOr } from '../../lib/i18n.ts';
import { keptLinks } from '../../lib/links.ts';
import { useQrCode } from '../../lib/useQrCode.ts';
import { useRollPage } from '../../lib/useRollPage.ts';

type Paper = 'roll' | 'a6';
const PAPERS: [Paper, string][] = [
  ['roll', 'sticker.roll'],
  ['a6', 'sticker.a6'],
];
/** The sticker's labels in the registrar's language, in stickerLines' order: plate, vehicle, Unique ID. */
const LINE_KEYS = ['sticker.plate', 'sticker.vehicle', 'common.uniqueId'];
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const PAPER_KEY = 'stickerPaper';
const A6_PAGE = '@media print { @page { size: 105mm 148mm; margin: 0; } }'; // Chromium takes no 'A6'

interface StickerText {
  levyName: string;
  sticker: PrintableSticker;
  checkUrl: string;
  qrDataUrl: string | null;
}

/** What a sticker says, on screen and on paper alike: the levy, the plate, the QR code of /v/{userCode}, vehicle type and Unique ID. */
function StickerBody({ text }: { text: StickerText }) {
  const [[, plate], ...lines] = stickerLines(text.sticker).map(([, value], index): [string, string] => [t(LINE_KEYS[index]), value]);
  // The vehicle type as the app says it everywhere ("Keke", "Kẹ̀kẹ́"); the Unique ID is data.
  lines[0][1] = capitalised(tOr(`vehicle.${text.sticker.vehicleType}`, text.sticker.vehicleType));
  return (
    <>
      <h2>{text.levyName}</h2>
      <p className="plate" translate="no">
        {plate}
      </p>
      {text.qrDataUrl && <img src={text.qrDataUrl} alt={t('sticker.qr', { url: text.checkUrl })} />}
      <dl>
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="check">
        {t('sticker.scanToCheck')}
        <br />
        <span translate="no">{text.checkUrl}</span>
      </p>
    </>
  );
}

/** The printed copy, shown only in print: on a 58 mm roll as long as it measures, or alone on an A6 page. */
function PrintCopy({ text, paper }: { text: StickerText; paper: Paper }) {
  const copy = useRef<HTMLDivElement>(null);
  const rollPage = useRollPage(copy);
  return createPortal(
    <div className={`sticker sticker-print sticker-${paper}`} ref={copy} aria-hidden="true">
      <style>{paper === 'roll' ? rollPage : A6_PAGE}</style>
      <StickerBody text={text} />
    </div>,
    document.body,
  );
}

/** A registered motorist's sticker, ready to print on the registrar's 58 mm printer or an A6 label. */
export function Sticker({ sticker }: { sticker: PrintableSticker }) {
  const [links] = useState(keptLinks);
  const [paper, setPaper] = useState<Paper>(() => (localStorage.getItem(PAPER_KEY) === 'a6' ? 'a6' : 'roll'));
  const checkUrl = vehicleCheckUrl(links.publicUrl, sticker.userCode);
  const text: StickerText = { levyName: links.levyName, sticker, checkUrl, qrDataUrl: useQrCode(checkUrl) };
  const choose = (chosen: Paper) => {
    localStorage.setItem(PAPER_KEY, chosen);
    setPaper(chosen);
  };
  return (
    <>
      <article className="sticker" aria-label={t('sticker.label')}>
        <StickerBody text={text} />
      </article>
      <PrintCopy text={text} paper={paper} />
      <fieldset className="paper">
        <legend>{t('sticker.paper')}</legend>
        {PAPERS.map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="sticker-paper" checked={paper === value} onChange={() => choose(value)} />
            {t(label)}
          </label>
        ))}
      </fieldset>
      <button className="secondary" onClick={() => print()} disabled={!text.qrDataUrl}>
        {t('sticker.print')}
      </button>
    </>
  );
}

import { useParams } from 'react-router';
import { useState } from 'react';
import { agentCheckUrl, idCardValidUntil, printedName } from '@eticket/contracts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PrintPage, PrintPageLoadError, PrintPageNothing } from '../../components/print/index.ts';
import { usePrintedCheck } from '../../lib/publicChecks.ts';
import { fieldAgentRole } from './idCard.ts';
import { usePersonDetails } from './queries.ts';
import { useRevealedOnce } from './personalDataQueries.ts';

// A CR80 card (85.6 × 54 mm), printed edge to edge: the levy's band, photo, name, role, Unique ID, validity, QR code; no text below 7 pt.
const CARD_CSS = `
.id-card { box-sizing: border-box; width: 85.6mm; height: 54mm; overflow: hidden; display: grid; grid-template-rows: 9mm 1fr; font: 8pt/1.25 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #000; }
.id-card .band { background: #0b6b2b; color: #fff; display: flex; align-items: center; justify-content: center; padding: 0 3mm; font-weight: 700; font-size: 8.5pt; text-align: center; line-height: 1.1; }
.id-card .body { display: grid; grid-template-columns: 21mm 1fr 22mm; gap: 2.5mm; padding: 3mm; align-items: start; }
.id-card .photo { width: 21mm; height: 27mm; object-fit: cover; border: 0.3mm solid #000; display: flex; align-items: center; justify-content: center; font-size: 14pt; font-weight: 700; background: #eee; }
.id-card h1 { margin: 0 0 0.8mm; font-size: 10pt; line-height: 1.15; overflow-wrap: anywhere; }
.id-card p { margin: 0 0 0.6mm; }
.id-card .label { font-size: 7pt; text-transform: uppercase; letter-spacing: 0.05em; color: #333; margin: 0; }
.id-card .code { font: 700 9pt ui-monospace, 'DejaVu Sans Mono', monospace; }
.id-card .qr { text-align: center; font-size: 7pt; line-height: 1.1; }
.id-card .qr img { width: 22mm; height: 22mm; display: block; }
`;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

type IdCard = {
  levyName: string;
  name: string;
  photo: string | null;
  roleName: string;
  userCode: string;
  validUntil: string;
  checkUrl: string;
  qrDataUrl: string | null;
};

function IdCardSheet({ card }: { card: IdCard }) {
  return (
    <article className="id-card">
      <div className="band">{card.levyName}</div>
      <div className="body">
        {card.photo ? (
          <img className="photo" src={card.photo} alt={`Photo of ${card.name}`} />
        ) : (
          <div className="photo" role="img" aria-label={`No photo of ${card.name}`}>
            {initials(card.name)}
          </div>
        )}
        <div>
          <h1>{card.name}</h1>
          <p className="label">Role</p>
          <p>{card.roleName}</p>
          <p className="label">Unique ID</p>
          <p className="code">{card.userCode}</p>
          <p className="label">Valid until</p>
          <p>{card.validUntil}</p>
        </div>
        <div className="qr">
          {card.qrDataUrl && <img src={card.qrDataUrl} alt={`QR code of ${card.checkUrl}`} />}
          Scan to check
        </div>
      </div>
    </article>
  );
}

/** {id}/id-card: a field agent's ID card (issue 23), its QR code the public check {PUBLIC_URL}/a/{userCode}. */
export function IdCardPage() {
  const { id = '' } = useParams();
  const details = usePersonDetails(id);
  const person = details.data;
  const role = person ? fieldAgentRole(person) : null;
  // The portrait comes from Show (a recorded look), once per visit.
  const revealed = useRevealedOnce(id, !!role && person?.personalData.hidden.includes('portrait') === true);
  const { links, checkUrl, qr } = usePrintedCheck((publicUrl) => (person && role ? agentCheckUrl(publicUrl, person.userCode) : null));
  const [validUntil] = useState(() => idCardValidUntil(new Date()));

  if (details.isPending || !links || revealed.isLoading) return <PageLoader />;
  if (details.isError) return <PrintPageLoadError title="ID Card" message="Could not load this person" query={details} />;
  if (!person || !role || !checkUrl) {
    return (
      <PrintPageNothing title="ID Card" heading="No ID card">
        ID cards are for field agents (enforcers, remitters and registrars), not for motorists or staff.
      </PrintPageNothing>
    );
  }
  const name = printedName(person.fullName);
  const roleName = role.charAt(0).toUpperCase() + role.slice(1);
  const card = {
    levyName: links.levyName,
    name,
    photo: revealed.data?.images.portrait ?? person.portraitSelfie,
    roleName,
    userCode: person.userCode,
    validUntil,
    checkUrl,
    qrDataUrl: qr.dataUrl,
  };
  return (
    <PrintPage
      title={`ID card of ${name}`}
      description="Printed on a CR80 card (85.6 × 54 mm), valid for a year from printing. Its QR code opens the public check of this agent: approved and active, or suspended."
      qr={qr}
      sheet={{ label: 'ID card', paper: { size: '85.6mm 54mm' }, css: CARD_CSS }}
    >
      <IdCardSheet card={card} />
    </PrintPage>
  );
}

import { Alert, Button } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useState } from 'react';
import { agentCheckUrl, idCardValidUntil, printedName } from '@eticket/contracts';
import { LoadError } from '../../components/LoadError.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PrintSheet } from '../../components/print/index.ts';
import { usePublicLinks, useQrCode } from '../../lib/publicChecks.ts';
import { fieldAgentRole } from './idCard.ts';
import { usePersonDetails } from './queries.ts';

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

/** {id}/id-card: a field agent's ID card (issue 23), its QR code the public check {PUBLIC_URL}/a/{userCode}. */
export function IdCardPage() {
  const { id = '' } = useParams();
  const details = usePersonDetails(id);
  const links = usePublicLinks();
  const navigate = useNavigate();
  const person = details.data;
  const role = person ? fieldAgentRole(person) : null;
  const checkUrl = links && person && role ? agentCheckUrl(links.publicUrl, person.userCode) : null;
  const qr = useQrCode(checkUrl);
  const [validUntil] = useState(() => idCardValidUntil(new Date()));

  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
      Back
    </Button>
  );
  if (details.isPending || !links) return <PageLoader />;
  if (details.isError) {
    return (
      <>
        <PageHeader title="ID Card" actions={back} />
        <LoadError title="Could not load this person" error={details.error} onRetry={() => void details.refetch()} />
      </>
    );
  }
  if (!person || !role || !checkUrl) {
    return (
      <>
        <PageHeader title="ID Card" actions={back} />
        <Alert color="yellow" role="alert" title="No ID card">
          ID cards are for field agents (enforcers, remitters and registrars), not for motorists or staff.
        </Alert>
      </>
    );
  }
  const name = printedName(person.fullName);
  const roleName = role.charAt(0).toUpperCase() + role.slice(1);
  return (
    <>
      <PageHeader
        title={`ID card of ${name}`}
        description="Printed on a CR80 card (85.6 × 54 mm), valid for a year from printing. Its QR code opens the public check of this agent: approved and active, or suspended."
        actions={
          <>
            {back}
            <Button leftSection={<IconPrinter size={16} aria-hidden />} disabled={!qr.dataUrl} onClick={() => window.print()}>
              Print
            </Button>
          </>
        }
      />
      {qr.error && (
        <Alert color="red" role="alert" title="The QR code could not be made" mb="md">
          {qr.error}
        </Alert>
      )}
      <PrintSheet label="ID card" paper={{ size: '85.6mm 54mm' }} css={CARD_CSS}>
        <article className="id-card">
          <div className="band">{links.levyName}</div>
          <div className="body">
            {person.portraitSelfie ? (
              <img className="photo" src={person.portraitSelfie} alt={`Photo of ${name}`} />
            ) : (
              <div className="photo" role="img" aria-label={`No photo of ${name}`}>
                {initials(name)}
              </div>
            )}
            <div>
              <h1>{name}</h1>
              <p className="label">Role</p>
              <p>{roleName}</p>
              <p className="label">Unique ID</p>
              <p className="code">{person.userCode}</p>
              <p className="label">Valid until</p>
              <p>{validUntil}</p>
            </div>
            <div className="qr">
              {qr.dataUrl && <img src={qr.dataUrl} alt={`QR code of ${checkUrl}`} />}
              Scan to check
            </div>
          </div>
        </article>
      </PrintSheet>
    </>
  );
}

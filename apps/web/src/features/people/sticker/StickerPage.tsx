import { useParams } from 'react-router';
import { printedPlate, vehicleCheckUrl } from '@eticket/contracts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PrintPage, PrintPageLoadError, PrintPageNothing, useLayoutParam } from '../../../components/print/index.ts';
import { usePrintedCheck } from '../../../lib/publicChecks.ts';
import { usePersonDetails } from '../queries.ts';
import { useDedicatedAccount } from '../details/dedicatedAccount.ts';
import { STICKER_CSS, STICKER_LAYOUTS, StickerSheet } from './StickerSheet.tsx';

/** {id}/sticker: a motorist's sticker, reprinted on an A6 label or a 58 mm roll; its QR code the public check {PUBLIC_URL}/v/{userCode}. */
export function StickerPage() {
  const { id = '' } = useParams();
  const [layout, setLayout] = useLayoutParam(STICKER_LAYOUTS, 'a6');
  const details = usePersonDetails(id);
  const person = details.data;
  const dedicated = useDedicatedAccount(id).data?.data;
  const account =
    dedicated?.status === 'assigned' && dedicated.accountNumber && dedicated.bankName
      ? { accountNumber: dedicated.accountNumber, bankName: dedicated.bankName }
      : null;
  const { links, checkUrl, qr } = usePrintedCheck((publicUrl) => (person?.vehicle ? vehicleCheckUrl(publicUrl, person.userCode) : null));

  if (details.isPending || !links) return <PageLoader />;
  if (details.isError) return <PrintPageLoadError title="Sticker" message="Could not load this person" query={details} />;
  if (!person?.vehicle || !checkUrl) {
    return (
      <PrintPageNothing title="Sticker" heading="No sticker">
        Stickers are for motorists with a registered vehicle.
      </PrintPageNothing>
    );
  }
  const sticker = { userCode: person.userCode, plateNumber: person.vehicle.plateNumber, vehicleType: person.vehicle.vehicleType };
  return (
    <PrintPage
      title={`Sticker of ${printedPlate(sticker.plateNumber)}`}
      description="Pick the paper, then print: the browser's print dialog gets the sticker alone. Its QR code opens the public check of this vehicle."
      picker={{ label: 'Paper', layouts: STICKER_LAYOUTS, layout, onChange: setLayout }}
      qr={qr}
      sheet={{ label: 'Sticker', paper: STICKER_LAYOUTS[layout].paper, css: STICKER_CSS }}
    >
      <StickerSheet sticker={sticker} layout={layout} levyName={links.levyName} checkUrl={checkUrl} qrDataUrl={qr.dataUrl} account={account} />
    </PrintPage>
  );
}

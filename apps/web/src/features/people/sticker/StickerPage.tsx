import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { printedPlate, vehicleCheckUrl } from '@eticket/contracts';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PrintSheet } from '../../../components/print/index.ts';
import { usePublicLinks, useQrCode } from '../../../lib/publicChecks.ts';
import { usePersonDetails } from '../queries.ts';
import { STICKER_CSS, STICKER_LAYOUTS, StickerSheet, type StickerLayout } from './StickerSheet.tsx';

const layoutOf = (value: string | null): StickerLayout => (value === 'thermal' ? 'thermal' : 'a6');

/** {id}/sticker: a motorist's sticker, reprinted on an A6 label or a 58 mm roll; its QR code the public check {PUBLIC_URL}/v/{userCode}. */
export function StickerPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const layout = layoutOf(search.get('layout'));
  const navigate = useNavigate();
  const details = usePersonDetails(id);
  const links = usePublicLinks();
  const person = details.data;
  const checkUrl = links && person?.vehicle ? vehicleCheckUrl(links.publicUrl, person.userCode) : null;
  const qr = useQrCode(checkUrl);

  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
      Back
    </Button>
  );
  if (details.isPending || !links) return <PageLoader />;
  if (details.isError) {
    return (
      <>
        <PageHeader title="Sticker" actions={back} />
        <LoadError title="Could not load this person" error={details.error} onRetry={() => void details.refetch()} />
      </>
    );
  }
  if (!person?.vehicle || !checkUrl) {
    return (
      <>
        <PageHeader title="Sticker" actions={back} />
        <Alert color="yellow" role="alert" title="No sticker">
          Stickers are for motorists with a registered vehicle.
        </Alert>
      </>
    );
  }
  const sticker = { userCode: person.userCode, plateNumber: person.vehicle.plateNumber, vehicleType: person.vehicle.vehicleType };
  return (
    <>
      <PageHeader
        title={`Sticker of ${printedPlate(sticker.plateNumber)}`}
        description="Pick the paper, then print: the browser's print dialog gets the sticker alone. Its QR code opens the public check of this vehicle."
        actions={
          <>
            {back}
            <Button leftSection={<IconPrinter size={16} aria-hidden />} disabled={!qr.dataUrl} onClick={() => window.print()}>
              Print
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <Group gap="sm">
          <Text size="sm" fw={500} id="sticker-layout-label">
            Paper
          </Text>
          <SegmentedControl
            aria-labelledby="sticker-layout-label"
            value={layout}
            onChange={(value) => setSearch({ layout: value }, { replace: true })}
            data={Object.entries(STICKER_LAYOUTS).map(([value, { label }]) => ({ value, label }))}
          />
        </Group>
        {qr.error && (
          <Alert color="red" role="alert" title="The QR code could not be made">
            {qr.error}
          </Alert>
        )}
        <PrintSheet key={layout} label="Sticker" paper={STICKER_LAYOUTS[layout].paper} css={STICKER_CSS}>
          <StickerSheet sticker={sticker} layout={layout} levyName={links.levyName} checkUrl={checkUrl} qrDataUrl={qr.dataUrl} />
        </PrintSheet>
      </Stack>
    </>
  );
}

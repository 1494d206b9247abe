import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { receiptCheckUrl, receiptEndpoints } from '@eticket/contracts';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PrintSheet } from '../../../components/print/index.ts';
import { call } from '../../../lib/api.ts';
import { usePublicLinks, useQrCode } from '../../../lib/publicChecks.ts';
import { RECEIPT_CSS, RECEIPT_LAYOUTS, ReceiptSheet, type ReceiptLayout } from './ReceiptSheet.tsx';

const layoutOf = (value: string | null): ReceiptLayout => (value === 'thermal' ? 'thermal' : 'a5');

/** receipt/{receiptNo}: a payment's receipt from the server, on an A5 page or a 58 mm roll, and Print. */
export function ReceiptPrintPage() {
  const { receiptNo = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const layout = layoutOf(search.get('layout'));
  const navigate = useNavigate();
  const receipt = useQuery({
    queryKey: ['receipts', receiptNo],
    queryFn: async ({ signal }) => (await call(receiptEndpoints.receipt, { params: { no: receiptNo } }, { signal })).data,
    retry: false,
  });
  const links = usePublicLinks();
  const checkUrl = links && receipt.data ? receiptCheckUrl(links.publicUrl, receipt.data.receiptNo) : null;
  const qr = useQrCode(checkUrl);

  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
      Back
    </Button>
  );
  if (receipt.isPending || !links) return <PageLoader />;
  if (receipt.isError) {
    return (
      <>
        <PageHeader title="Receipt" actions={back} />
        <LoadError title="Could not load this receipt" error={receipt.error} onRetry={() => void receipt.refetch()} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={`Receipt ${receipt.data.receiptNo}`}
        description="Pick the paper, then print: the browser's print dialog gets the receipt alone, on a page of that size."
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
          <Text size="sm" fw={500} id="receipt-layout-label">
            Layout
          </Text>
          <SegmentedControl
            aria-labelledby="receipt-layout-label"
            value={layout}
            onChange={(value) => setSearch({ layout: value }, { replace: true })}
            data={Object.entries(RECEIPT_LAYOUTS).map(([value, { label }]) => ({ value, label }))}
          />
        </Group>
        {qr.error && (
          <Alert color="red" role="alert" title="The QR code could not be made">
            {qr.error}
          </Alert>
        )}
        <PrintSheet key={layout} label="Receipt" paper={RECEIPT_LAYOUTS[layout].paper} css={RECEIPT_CSS}>
          <ReceiptSheet receipt={receipt.data} layout={layout} levyName={links.levyName} checkUrl={checkUrl ?? ''} qrDataUrl={qr.dataUrl} />
        </PrintSheet>
      </Stack>
    </>
  );
}

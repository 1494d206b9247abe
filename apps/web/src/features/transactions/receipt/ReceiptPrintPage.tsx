import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { receiptCheckUrl, receiptEndpoints } from '@eticket/contracts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PrintPage, PrintPageLoadError, useLayoutParam } from '../../../components/print/index.ts';
import { call } from '../../../lib/api.ts';
import { usePrintedCheck } from '../../../lib/publicChecks.ts';
import { RECEIPT_CSS, RECEIPT_LAYOUTS, ReceiptSheet } from './ReceiptSheet.tsx';

/** receipt/{receiptNo}: a payment's receipt from the server, on an A5 page or a 58 mm roll, and Print. */
export function ReceiptPrintPage() {
  const { receiptNo = '' } = useParams();
  const [layout, setLayout] = useLayoutParam(RECEIPT_LAYOUTS, 'a5');
  const receipt = useQuery({
    queryKey: ['receipts', receiptNo],
    queryFn: async ({ signal }) => (await call(receiptEndpoints.receipt, { params: { no: receiptNo } }, { signal })).data,
    retry: false,
  });
  const { links, checkUrl, qr } = usePrintedCheck((publicUrl) => (receipt.data ? receiptCheckUrl(publicUrl, receipt.data.receiptNo) : null));

  if (receipt.isPending || !links) return <PageLoader />;
  if (receipt.isError) return <PrintPageLoadError title="Receipt" message="Could not load this receipt" query={receipt} />;
  return (
    <PrintPage
      title={`Receipt ${receipt.data.receiptNo}`}
      description="Pick the paper, then print: the browser's print dialog gets the receipt alone, on a page of that size."
      picker={{ label: 'Layout', layouts: RECEIPT_LAYOUTS, layout, onChange: setLayout }}
      qr={qr}
      sheet={{ label: 'Receipt', paper: RECEIPT_LAYOUTS[layout].paper, css: RECEIPT_CSS }}
    >
      <ReceiptSheet receipt={receipt.data} layout={layout} levyName={links.levyName} checkUrl={checkUrl ?? ''} qrDataUrl={qr.dataUrl} />
    </PrintPage>
  );
}

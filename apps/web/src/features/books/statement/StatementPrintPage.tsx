import { useParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PrintPage, PrintPageLoadError } from '../../../components/print/index.ts';
import { usePublicLinks } from '../../../lib/publicChecks.ts';
import { periodLabel } from '../period.ts';
import { useLastCheck, useReport } from '../queries.ts';
import { STATEMENT_CSS, STATEMENT_PAPER, StatementSheet } from './StatementSheet.tsx';

/** books/statement/{YYYY-MM}: a month's statement of accounts, on A4, and Print. */
export function StatementPrintPage() {
  const { month = '' } = useParams();
  const report = useReport({ period: 'month', date: month });
  const check = useLastCheck();
  const links = usePublicLinks();

  if (report.isPending || check.isPending || !links) return <PageLoader />;
  if (report.isError) return <PrintPageLoadError title="Month statement" message="Could not load this month's report" query={report} />;
  if (check.isError) return <PrintPageLoadError title="Month statement" message="Could not load the last integrity check" query={check} />;
  return (
    <PrintPage
      title={`Statement of accounts, ${periodLabel(report.data)}`}
      description="The month's statement for the state revenue office, on A4 across: print it, or save it as a PDF from the print dialog."
      sheet={{ label: 'Statement', paper: STATEMENT_PAPER, css: STATEMENT_CSS }}
    >
      <StatementSheet report={report.data} check={check.data} levyName={links.levyName} />
    </PrintPage>
  );
}

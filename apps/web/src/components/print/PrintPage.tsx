import type { ReactNode } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '../LoadError.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { PrintSheet, type Paper } from './PrintSheet.tsx';

type LayoutPicker = { label: string; layouts: Record<string, { label: string }>; layout: string; onChange: (layout: string) => void };

type PrintPageProps = {
  title: string;
  description: string;
  picker?: LayoutPicker;
  /** A sheet with a QR code: Print waits for it, and its error shows. */
  qr?: { dataUrl: string | null; error: string | null };
  sheet: { label: string; paper: Paper; css: string };
  children: ReactNode;
};

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
      Back
    </Button>
  );
}

function PrintButton({ disabled }: { disabled: boolean }) {
  return (
    <Button leftSection={<IconPrinter size={16} aria-hidden />} disabled={disabled} onClick={() => window.print()}>
      Print
    </Button>
  );
}

function LayoutControl({ label, layouts, layout, onChange }: LayoutPicker) {
  const labelId = useId();
  return (
    <Group gap="sm">
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={layout}
        onChange={onChange}
        data={Object.entries(layouts).map(([value, option]) => ({ value, label: option.label }))}
      />
    </Group>
  );
}

function QrError({ message }: { message: string }) {
  return (
    <Alert color="red" role="alert" title="The QR code could not be made">
      {message}
    </Alert>
  );
}

/** A page that prints one sheet: its header with Back and Print, the paper picker, the QR code's error and the sheet's preview. */
export function PrintPage({ title, description, picker, qr, sheet, children }: PrintPageProps) {
  const actions = (
    <>
      <BackButton />
      <PrintButton disabled={qr ? !qr.dataUrl : false} />
    </>
  );
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <Stack gap="md">
        {picker && <LayoutControl {...picker} />}
        {qr?.error && <QrError message={qr.error} />}
        <PrintSheet key={picker?.layout} label={sheet.label} paper={sheet.paper} css={sheet.css}>
          {children}
        </PrintSheet>
      </Stack>
    </>
  );
}

function PrintPageNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} actions={<BackButton />} />
      {children}
    </>
  );
}

/** A print page with nothing to print (this record has no such sheet): its header with Back, and why. */
export function PrintPageNothing({ title, heading, children }: { title: string; heading: string; children: ReactNode }) {
  return (
    <PrintPageNotice title={title}>
      <Alert color="yellow" role="alert" title={heading}>
        {children}
      </Alert>
    </PrintPageNotice>
  );
}

/** A print page whose data did not load: its header with Back, the error and Try again. */
export function PrintPageLoadError({ title, message, query }: { title: string; message: string; query: { error: unknown; refetch: () => unknown } }) {
  return (
    <PrintPageNotice title={title}>
      <LoadError title={message} error={query.error} onRetry={() => void query.refetch()} />
    </PrintPageNotice>
  );
}

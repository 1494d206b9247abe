import { Button, Group, NativeSelect } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { MODES_OF_PAYMENT, PAYMENT_STATUSES, PLAN_NAMES, VEHICLE_TYPES } from '@eticket/contracts';
import { modeOfPaymentLabel, paymentStatusLabel } from '../../lib/paymentStatus.ts';
import { hasPaymentFilters, type PaymentFilterKey, type PaymentFilters } from './paymentFilters.ts';
import { RemitterSelect } from './RemitterSelect.tsx';

const ANY = '';
/** Vehicle types and plan names read as stored, as in the table and the CSV (issue 26). */
const asStored = (value: string) => value;

const choices = (values: readonly string[], label: (value: string) => string, any: string) => [
  { value: ANY, label: any },
  ...values.map((value) => ({ value, label: label(value) })),
];

const SELECTS: { key: Exclude<PaymentFilterKey, 'remitter'>; label: string; data: { value: string; label: string }[] }[] = [
  { key: 'vehicleType', label: 'Vehicle Type', data: choices(VEHICLE_TYPES, asStored, 'All vehicles') },
  { key: 'plan', label: 'Plan', data: choices(PLAN_NAMES, asStored, 'All plans') },
  { key: 'modeOfPayment', label: 'Mode Of Payment', data: choices(MODES_OF_PAYMENT, modeOfPaymentLabel, 'All modes') },
  { key: 'status', label: 'Status', data: choices(PAYMENT_STATUSES, (status) => paymentStatusLabel(status).label, 'All statuses') },
];

interface PaymentFilterBarProps {
  filters: PaymentFilters;
  onChange: (key: PaymentFilterKey, value: string | null) => void;
  onClear: () => void;
}

/** The payment lists' filters, all applied together; each starts at All. */
export function PaymentFilterBar({ filters, onChange, onClear }: PaymentFilterBarProps) {
  return (
    <Group component="fieldset" aria-label="Payment filters" gap="sm" align="flex-end" wrap="wrap" m={0} p={0} style={{ border: 0 }}>
      {SELECTS.map(({ key, label, data }) => (
        <NativeSelect
          key={key}
          label={label}
          data={data}
          value={filters[key] ?? ANY}
          onChange={(event) => onChange(key, event.currentTarget.value || null)}
          w={150}
        />
      ))}
      <RemitterSelect value={filters.remitter} onChange={(id) => onChange('remitter', id)} />
      {hasPaymentFilters(filters) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

import { Select } from '@mantine/core';
import type { Bank } from '@eticket/contracts';

/** Spec section 8: shown in the modal when the bank list cannot be had. */
const BANK_LIST_FAILED = 'Could not fetch bank names';

/** The bank, from the server's bank list (GET /api/banks); its value is the bank code. */
export function BankSelect({
  banks,
  failed,
  loading,
  value,
  onChange,
}: {
  banks: readonly Bank[] | undefined;
  failed: boolean;
  loading: boolean;
  value: string | null;
  onChange: (code: string | null) => void;
}) {
  return (
    <Select
      label="Bank"
      placeholder={loading ? 'Loading banks…' : 'Choose a bank'}
      data={(banks ?? []).map((bank) => ({ value: bank.code, label: bank.name }))}
      value={value}
      onChange={onChange}
      searchable
      required
      disabled={failed}
      nothingFoundMessage="No bank by that name"
      error={failed ? BANK_LIST_FAILED : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

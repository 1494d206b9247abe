import { useEffect } from 'react';
import { Loader, TextInput } from '@mantine/core';
import { accountDigits, lookupReady } from './allocationForm.ts';
import { useAccountLookup } from './queries.ts';

/**
 * Account number (digits only, 10) and the read-only account name the bank provider gives for it,
 * looked up once a bank is chosen and the number is complete (spec section 5).
 */
export function AccountFields({
  bankCode,
  accountNumber,
  onNumberChange,
  accountName,
  onNameResolved,
}: {
  bankCode: string | null;
  accountNumber: string;
  onNumberChange: (digits: string) => void;
  accountName: string;
  onNameResolved: (name: string) => void;
}) {
  const ready = lookupReady({ bankCode, accountNumber });
  const lookup = useAccountLookup(bankCode, accountNumber, ready);
  const resolved = ready && lookup.isSuccess ? lookup.data : '';
  useEffect(() => onNameResolved(resolved), [resolved, onNameResolved]);
  return (
    <>
      <TextInput
        label="Account number"
        placeholder="10-digit NUBAN"
        value={accountNumber}
        onChange={(event) => onNumberChange(accountDigits(event.currentTarget.value))}
        inputMode="numeric"
        autoComplete="off"
        required
        description={bankCode ? undefined : 'Choose the bank first'}
        error={ready && lookup.isError ? lookup.error.message : undefined}
      />
      <TextInput
        label="Account name"
        value={accountName}
        readOnly
        placeholder={ready && lookup.isFetching ? 'Looking up the account…' : 'Filled in from the bank'}
        rightSection={ready && lookup.isFetching ? <Loader size={16} aria-label="Looking up the account" /> : null}
        variant="filled"
      />
    </>
  );
}

import { Select } from '@mantine/core';
import { unionLabel } from '@eticket/contracts';
import { usePartnerUnions } from './queries.ts';

/** The partner union to allocate to: approved union users; those with an allocation already are shown but cannot be chosen. */
export function PartnerUnionSelect({
  value,
  onChange,
  allocated,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  allocated: ReadonlySet<string>;
}) {
  const unions = usePartnerUnions();
  const data = (unions.data ?? []).map((union) => ({
    value: union.id,
    label: `${unionLabel(union)}${union.unionRole ? ` (${union.unionRole})` : ''}${allocated.has(union.id) ? ' — already allocated' : ''}`,
    disabled: allocated.has(union.id),
  }));
  return (
    <Select
      label="Partner union"
      placeholder={unions.isPending ? 'Loading unions…' : 'Choose a partner union'}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      required
      nothingFoundMessage="No approved partner union"
      error={unions.isError ? unions.error.message : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';
import { personCsvColumns, personStatusLabel } from './export-columns.ts';
import { formatDateTime } from './format.ts';

interface Row {
  name: string;
  phone: string;
  addedBy: unknown;
  amount: number;
}

const columns = [
  { header: 'Full Name', value: (row: Row) => row.name },
  { header: 'Phone', value: (row: Row) => row.phone },
  { header: 'Added By', value: (row: Row) => row.addedBy },
  { header: 'Amount', value: (row: Row) => row.amount },
];

describe('toCsv', () => {
  it('writes one column per header and one line per row', () => {
    const csv = toCsv(columns, [
      { name: 'ada obi', phone: '08011111111', addedBy: 'super admin', amount: 1500 },
      { name: 'bola', phone: '08022222222', addedBy: null, amount: 0 },
    ]);
    expect(csv).toBe('Full Name,Phone,Added By,Amount\r\nada obi,08011111111,super admin,1500\r\nbola,08022222222,,0\r\n');
  });

  it('writes only the header line when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('Full Name,Phone,Added By,Amount\r\n');
  });

  it('reduces objects to their id, else to JSON', () => {
    expect(csvCell({ _id: 'abc', fullName: 'x' })).toBe('abc');
    expect(csvCell({ id: 'def' })).toBe('def');
    expect(csvCell({ name: 'monthly' })).toBe('"{""name"":""monthly""}"');
    expect(csvCell(['a', 'b'])).toBe('"[""a"",""b""]"');
  });

  it('quotes cells holding commas, quotes or line breaks', () => {
    expect(csvCell('12, broad street')).toBe('"12, broad street"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=SUM(A1:A2)', '+2348012345678', '-1+1', '@cmd', '\tx', '\rx'])('neutralises %j, which a spreadsheet would run as a formula', (text) => {
    expect(csvCell(text).replace(/^"|"$/g, '')).toBe(`'${text}`);
  });

  it('leaves numbers as numbers, even negative ones', () => {
    expect(csvCell(-25)).toBe('-25');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('neutralises a formula hidden in a quoted cell', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('writes dates as ISO text, booleans as words, missing values as nothing', () => {
    expect(csvCell(new Date('2025-03-05T10:00:00Z'))).toBe('2025-03-05T10:00:00.000Z');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('list columns', () => {
  it('gives Unique ID to the enforcer, remitter, union and motorist lists only', () => {
    const headers = (list: Parameters<typeof personCsvColumns>[0]) => personCsvColumns(list).map((column) => column.header);
    expect(headers('motorist')).toEqual(['Full Name', 'Unique ID', 'Plate Number', 'Phone', 'Email', 'Last Login', 'Added By', 'Status']);
    expect(headers('registrar')).toEqual(['Full Name', 'Phone', 'Email', 'Last Login', 'Added By', 'Status']);
    for (const list of ['enforcer', 'remitter', 'union'] as const) expect(headers(list)).toContain('Unique ID');
    for (const list of ['admin', 'manager'] as const) expect(headers(list)).not.toContain('Unique ID');
  });

  it('gives the managers list Department and the unions list Union Name and Role', () => {
    expect(personCsvColumns('manager').map((column) => column.header)).toEqual([
      'Full Name',
      'Department',
      'Phone',
      'Email',
      'Last Login',
      'Added By',
      'Status',
    ]);
    expect(personCsvColumns('union').map((column) => column.header)).toEqual([
      'Full Name',
      'Unique ID',
      'Union Name',
      'Role',
      'Phone',
      'Email',
      'Last Login',
      'Added By',
      'Status',
    ]);
  });

  it('names who approved or suspended', () => {
    expect(personStatusLabel({ registrationStatus: 'approved', approvedByName: 'ada', suspendedByName: null })).toBe('Approved by Ada'); // a name, capitalised (issue 26)
    expect(personStatusLabel({ registrationStatus: 'suspended', approvedByName: null, suspendedByName: null })).toBe('Suspended by N/A');
    expect(personStatusLabel({ registrationStatus: 'pending', approvedByName: null, suspendedByName: null })).toBe('Pending');
  });

  it('writes dates in Lagos time, N/A when missing', () => {
    expect(formatDateTime('2025-03-05T09:30:00Z')).toBe('5 March 2025 at 10:30');
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
  });
});

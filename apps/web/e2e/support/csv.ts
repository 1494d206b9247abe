import { readFile } from 'node:fs/promises';
import { expect, type Download } from '@playwright/test';

/** Reads RFC 4180 CSV: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The downloaded file's name and its rows as header → value records. */
export async function readCsvDownload(download: Download): Promise<{ fileName: string; header: string[]; rows: Record<string, string>[] }> {
  const file = await download.path();
  expect(file).toBeTruthy();
  const [header, ...lines] = parseCsv(await readFile(file!, 'utf8'));
  return {
    fileName: download.suggestedFilename(),
    header,
    rows: lines.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']))),
  };
}

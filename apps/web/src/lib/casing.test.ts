import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 26: stored text is shown as stored; only people's names are capitalised, by personName
// (@eticket/contracts), the same on every screen, in every modal and in the CSV. A CSS
// capitalisation would invent casing ('gra phase ii' → 'Gra Phase Ii') where nobody sees it in code.
const SOURCE = join(import.meta.dirname, '..');
const CAPITALISING = /tt=["{]'?capitalize|textTransform:\s*'capitalize'|text-transform:\s*capitalize|titleCase\(/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the console invents no casing', () => {
  it('no source capitalises text by CSS or by a title-case helper', () => {
    const offenders = sourceFiles(SOURCE).filter((path) => CAPITALISING.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

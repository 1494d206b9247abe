import { readFileSync } from 'node:fs';
import { getContrast, mix } from 'color2k';
import { describe, expect, it } from 'vitest';

/**
 * Issue 48: GRACE's white word on orange read at about 4.2:1 in sunlight. Every verdict colour is
 * checked against its text here, computed from styles.css (WCAG 2 contrast ratio, color2k): 7:1 for
 * the big verdict word (AAA), 4.5:1 for the rest of its text, and for the statuses on the page.
 */
const css = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The value of a property in a rule whose selectors (alone or in a list) include this one. */
function declared(selector: string, property: string): string {
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (!selectors.split(',').some((one) => one.trim() === selector)) continue;
    const value = new RegExp(`(?:^|;|\\s)${property}:\\s*([^;]+);`).exec(body);
    if (value) return value[1].trim();
  }
  throw new Error(`styles.css has no ${property} for ${selector}`);
}

const VERDICTS = ['active', 'grace', 'expired', 'paused', 'unknown', 'unpaid'] as const;

describe('verdict colours', () => {
  const text = declared('.verdict', 'color');
  // The labels (Expires, Penalty owed) are the text at 85 % opacity over the verdict's colour.
  const labelOpacity = Number(declared('.verdict dt', 'opacity'));

  it.each(VERDICTS)('%s: the word at 7:1 or more, labels and details at 4.5:1 or more', (status) => {
    const background = declared(`.verdict.${status}`, 'background');
    expect(getContrast(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(7);
    expect(getContrast(mix(background, text, labelOpacity), background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['active', 'grace', 'unpaid', 'expired'])('the %s status on the page at 4.5:1 or more', (status) => {
    const page = declared(':root', 'background');
    expect(getContrast(declared(`.status.${status}`, 'color'), page)).toBeGreaterThanOrEqual(4.5);
  });
});

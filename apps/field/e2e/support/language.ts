import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Opens the field app with `locale` already chosen on this phone (as the picker keeps it). */
export async function openIn(page: Page, locale: string): Promise<void> {
  await page.addInitScript((chosen) => localStorage.getItem('fieldLanguage') ?? localStorage.setItem('fieldLanguage', chosen), locale);
  await page.goto('/field/');
}

/** Signs in without reading any word (the labels are in whatever language the phone shows). */
export async function signInAnyLanguage(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[name=userCode]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('.signin form button.primary').click();
  await expect(page.locator('header.bar')).toBeVisible();
}

/**
 * Text on the screen that never went through a catalogue: every visible text node and every label,
 * placeholder and alternative text, less the pseudo-locale's bracketed messages (⟦…⟧) and the data
 * the screen shows (names, plates, codes, amounts), must hold no Latin word.
 */
export async function untranslatedText(page: Page, data: string[]): Promise<string[]> {
  return page.evaluate((allowed) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      // translate="no": data (a name, a Unique ID), marked so for translators and the browser's translation too.
      if (parent.closest('style, script, [aria-hidden=true], option[lang], [hidden], [translate=no]')) continue;
      if (!parent.checkVisibility()) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], img[alt]')) {
      if (element.closest('[hidden]')) continue;
      for (const name of ['aria-label', 'placeholder', 'alt']) if (element.getAttribute(name)) texts.push(element.getAttribute(name)!);
    }
    const byLength = [...allowed].sort((a, b) => b.length - a.length);
    return (
      texts
        .map((text) => {
          let rest = text;
          while (/⟦[^⟦⟧]*⟧/.test(rest)) rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
          for (const value of byLength) rest = rest.split(value).join(' ');
          return rest.trim();
        })
        .filter((rest) => /[A-Za-z]{2,}/.test(rest))
        // Codes (receipt numbers, Unique IDs) and addresses are data too.
        .filter((rest) => !/^(https?:\/\/\S+|\(?[A-Za-z0-9]+(-[A-Za-z0-9]+)*\)?)$/.test(rest) || /^[A-Za-z]+$/.test(rest))
    );
  }, data);
}

/** axe-core's WCAG 2.2 A and AA rules on the page as it is: the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Controls smaller than 48 × 48 px (touch targets), visible ones only. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, select, input, a[href]')]
      .filter((element) => (element as HTMLElement).checkVisibility() && !element.closest('[hidden], [inert]'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 47.5 || box.width < 47.5)
      .map(({ element, box }) => `${element.outerHTML.slice(0, 80)} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
}

/** Whether the page scrolls sideways (text zoom must reflow, not overflow). */
export const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

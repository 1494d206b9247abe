// Issue 45: a language picked on the throttled phone (4× CPU, Fast 3G) shows within 500 ms.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { AGENTS } from '../../apps/field/e2e/support/fixtures.ts';
import { REPO_ROOT } from '../shared/paths.ts';
import { signedInPhone, slowDown } from './phone.ts';

export const LANGUAGE_SWITCH_TARGET_MS = 500;
const ORDER = ['pcm', 'ha', 'yo', 'ig', 'en'] as const;

/** The Queue tab's word in a language, from its catalogue: the switch is on screen when the tab says it. */
const queueWord = (locale: string): string =>
  (JSON.parse(readFileSync(path.join(REPO_ROOT, `packages/i18n/catalogues/field/${locale}.json`), 'utf8')) as Record<string, string>)['tab.queue'];

export interface SwitchSample {
  locale: string;
  ms: number;
}

/**
 * An enforcer's phone, signed in, the app shell cached by the service worker, then slowed. Each sample
 * picks the next language in the bar's picker (a `change` event) and runs until the Queue tab shows that
 * language's word and the frame after it has painted. Each language twice: first its catalogue chunk
 * is read (from the service worker's cache), then it is the phone's already.
 */
export async function measureLanguageSwitches(browser: Browser, baseUrl: string, rounds = 2): Promise<SwitchSample[]> {
  const page = await signedInPhone(browser, baseUrl, AGENTS.enforcer.email);
  try {
    await slowDown(page);
    const samples: SwitchSample[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const locale of ORDER) {
        const ms = await page.evaluate(
          async ({ locale, word }) => {
            const select = document.querySelector<HTMLSelectElement>('header.bar select')!;
            const tab = () => document.querySelector('nav.tabs button:nth-child(2)')?.textContent ?? '';
            const start = performance.now();
            select.value = locale;
            select.dispatchEvent(new Event('change', { bubbles: true }));
            await new Promise<void>((resolve) => {
              const check = () => (tab().startsWith(word) ? resolve() : requestAnimationFrame(check));
              check();
            });
            await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
            return performance.now() - start;
          },
          { locale, word: queueWord(locale) },
        );
        samples.push({ locale, ms });
      }
    }
    return samples;
  } finally {
    await page.context().close();
  }
}

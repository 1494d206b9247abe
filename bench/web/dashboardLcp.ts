// Issue 6: the dashboard's largest contentful paint, signed in as the super-admin on the demo data.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { VIEWPORT } from '../../apps/web/e2e/support/chromium.ts';
import { BENCH_ADMIN } from './paths.ts';

export interface LcpSample {
  lcpMs: number;
  /** What was painted last as the largest: tag and the start of its text. */
  element: string;
  fcpMs: number;
  /** Every request of the load, as offsets from navigation start: the waterfall. */
  requests: { path: string; startMs: number; endMs: number }[];
}

async function signInToken(baseUrl: string): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userCode: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  const body = (await reply.json()) as { token?: string; message?: string };
  if (!reply.ok || !body.token) throw new Error(`the bench super-admin could not sign in: ${body.message ?? reply.status}`);
  return body.token;
}

/** A browser context already signed in: the console reads its session from local storage (spec section 3). */
async function signedInContext(browser: Browser, baseUrl: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  await context.addInitScript((value) => {
    localStorage.setItem('accessToken', value);
    localStorage.setItem('isLoggedIn', 'true');
  }, token);
  return context;
}

// Runs in the page: the last LCP candidate so far (buffered), FCP and the resource timings.
function readPaint() {
  return new Promise<LcpSample>((resolve) => {
    new PerformanceObserver((list, observer) => {
      observer.disconnect();
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
      const last = entries[entries.length - 1];
      const element = last.element ? `<${last.element.tagName.toLowerCase()}> ${(last.element.textContent ?? '').trim().slice(0, 40)}` : '(removed)';
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname + new URL(entry.name).search,
        startMs: Math.round(entry.startTime),
        endMs: Math.round(entry.responseEnd),
      }));
      resolve({ lcpMs: Math.round(last.startTime), element, fcpMs: Math.round(fcp), requests });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

async function loadDashboard(page: Page): Promise<LcpSample> {
  await page.goto('/');
  await page.getByText('Welcome Admin').waitFor();
  // Every figure and chart has arrived and been drawn: LCP candidates stop with the last paint.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  return page.evaluate(readPaint);
}

/** `runs` cold loads (each in a new context: empty cache) and `runs` warm ones (a new page in a context that has loaded the dashboard once). */
export async function measureDashboard(browser: Browser, baseUrl: string, runs: number): Promise<{ cold: LcpSample[]; warm: LcpSample[] }> {
  const token = await signInToken(baseUrl);
  const cold: LcpSample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await signedInContext(browser, baseUrl, token);
    cold.push(await loadDashboard(await context.newPage()));
    await context.close();
  }
  const context = await signedInContext(browser, baseUrl, token);
  await loadDashboard(await context.newPage());
  const warm: LcpSample[] = [];
  for (let run = 0; run < runs; run += 1) {
    const page = await context.newPage();
    warm.push(await loadDashboard(page));
    await page.close();
  }
  await context.close();
  return { cold, warm };
}

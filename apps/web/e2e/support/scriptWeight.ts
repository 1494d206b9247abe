import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

/** The budget of issue 6: the JavaScript a browser loads for /login, gzipped. */
export const LOGIN_JS_BUDGET_BYTES = 150 * 1024;

export interface LoadedScript {
  path: string;
  bytes: number;
  /** gzip -9 of the file, what a compressing server would send whether or not this one compresses. */
  gzipBytes: number;
  /** What this server sent (brotli, when precompressed files are there). */
  sentBytes: number;
}

const isScript = (response: Response) => response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');

/**
 * Every JavaScript file the page fetches until `visit` has resolved and the network is idle,
 * whether by <script>, <link rel="modulepreload"> or a lazy import(). Use a fresh page (cold cache).
 */
export async function scriptsLoadedBy(page: Page, visit: () => Promise<unknown>): Promise<LoadedScript[]> {
  const replies: Response[] = [];
  const collect = (response: Response) => {
    if (isScript(response)) replies.push(response);
  };
  page.on('response', collect);
  try {
    await visit();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', collect);
  }
  const scripts = await Promise.all(
    replies.map(async (response) => {
      const body = await response.body();
      const { responseBodySize } = await response.request().sizes();
      return { path: new URL(response.url()).pathname, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, sentBytes: responseBodySize };
    }),
  );
  return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const totalGzipBytes = (scripts: LoadedScript[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

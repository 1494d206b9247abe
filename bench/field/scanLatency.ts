// Issue 22: from a Unique ID submitted, and from a QR code in front of the camera, to the verdict on
// screen, on a phone slowed 4× on Fast 3G. Every time is taken in the page (performance.now()).
import type { Browser, Page } from '@playwright/test';
import { AGENTS, MOTORISTS } from '../../apps/field/e2e/support/fixtures.ts';
import { signedInPhone, slowDown } from './phone.ts';

export const SCAN_P95_TARGET_MS = 1000;

export interface ScanSample {
  /** From the start (the form's submit; the first camera frame showing the code) to the verdict painted. */
  ms: number;
  /** From the tap on 'Next scan' to the verdict painted (QR only: the camera opens again in between). */
  fromTapMs?: number;
}

interface VerdictTiming {
  tappedAt: number;
  startedAt: number;
  paintedAt: number;
}

/**
 * Runs in the page before the action: `window.benchVerdict` resolves once the next verdict is painted
 * (a task queued from the frame that shows it runs after that frame's paint). The start is the form's
 * submit, or the presentation of the first frame of the scan screen's fresh camera video.
 */
function armVerdictTimer(start: 'submit' | 'camera'): void {
  const holder = window as unknown as { benchVerdict: Promise<VerdictTiming>; benchVerdictWatch?: MutationObserver };
  holder.benchVerdictWatch?.disconnect();
  holder.benchVerdict = new Promise((resolve) => {
    const tappedAt = performance.now();
    let startedAt = NaN;
    let video: HTMLVideoElement | null = null;
    // Armed on the last verdict (QR): the next one counts once that one has gone.
    let verdictGone = !document.querySelector('section.verdict');
    if (start === 'submit') addEventListener('submit', () => (startedAt = performance.now()), { capture: true, once: true });
    const watch = new MutationObserver(() => {
      if (start === 'camera' && !video && (video = document.querySelector<HTMLVideoElement>('.viewfinder video'))) {
        video.requestVideoFrameCallback((_, frame) => (startedAt = frame.presentationTime));
      }
      const shown = document.querySelector('section.verdict') !== null;
      verdictGone ||= !shown;
      if (!verdictGone || !shown) return;
      watch.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ tappedAt, startedAt, paintedAt: performance.now() });
        channel.port2.postMessage(null);
      });
    });
    watch.observe(document.body, { childList: true, subtree: true });
    holder.benchVerdictWatch = watch;
  });
}

const verdictTiming = (page: Page) => page.evaluate(() => (window as unknown as { benchVerdict: Promise<VerdictTiming> }).benchVerdict);

/** The scan screen is back and its camera has had time to open, as when the agent walks to the next vehicle. */
async function nextScan(page: Page, pauseMs: number): Promise<void> {
  await page.getByRole('button', { name: 'Next scan' }).click();
  await page.getByLabel('Unique ID or plate number').waitFor();
  await page.waitForTimeout(pauseMs);
}

/** An enforcer whose compliance list is loaded types the Unique IDs of the riders in turn. */
export async function measureTypedScans(browser: Browser, baseUrl: string, scans: number): Promise<ScanSample[]> {
  const page = await signedInPhone(browser, baseUrl, AGENTS.enforcer.email);
  try {
    await page
      .getByTestId('compliance-list')
      .filter({ hasText: /Offline list: \d+ motorists/ })
      .waitFor();
    await slowDown(page);
    const samples: ScanSample[] = [];
    for (let scan = 0; scan < scans; scan += 1) {
      await page.getByLabel('Unique ID or plate number').fill(MOTORISTS[scan % MOTORISTS.length].userCode);
      await page.evaluate(armVerdictTimer, 'submit' as const);
      await page.getByRole('button', { name: 'Check' }).click();
      const timing = await verdictTiming(page);
      samples.push({ ms: Math.round(timing.paintedAt - timing.startedAt) });
      await nextScan(page, 1500);
    }
    return samples;
  } finally {
    await page.context().close();
  }
}

/** No verdict this long after the camera opened: the scan is counted as missed. */
const QR_GIVE_UP_MS = 10_000;

/** Opens the scan screen again by way of another tab: a new camera, as after 'Next scan'. */
async function reopenCamera(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Queue/ }).click();
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
}

/** The next verdict's timing, or null when none came within QR_GIVE_UP_MS. */
async function timedQrScan(page: Page, action: () => Promise<void>): Promise<VerdictTiming | null> {
  await page.evaluate(armVerdictTimer, 'camera' as const);
  await action();
  return Promise.race([verdictTiming(page), page.waitForTimeout(QR_GIVE_UP_MS).then(() => null)]);
}

/**
 * A browser whose fake camera shows the first rider's sticker (`cameraBrowser`): the scan screen
 * reads it as soon as it opens, so each 'Next scan' is a new scan of the code held in front of it.
 * The first verdict, right after sign-in, is not counted (qr-scanner's code still loading then).
 * A scan with no verdict within 10 s counts as missed (an endless time) and the camera is reopened.
 */
export async function measureQrScans(cameraBrowser: Browser, baseUrl: string, scans: number): Promise<ScanSample[]> {
  const page = await signedInPhone(cameraBrowser, baseUrl, AGENTS.enforcer.email);
  try {
    const verdictShown = () =>
      page
        .locator('section.verdict')
        .waitFor({ timeout: QR_GIVE_UP_MS })
        .then(
          () => true,
          () => false,
        );
    while (!(await verdictShown())) await reopenCamera(page);
    await slowDown(page);
    const samples: ScanSample[] = [];
    let missed = false;
    for (let scan = 0; scan < scans; scan += 1) {
      const timing = await timedQrScan(page, () => (missed ? reopenCamera(page) : page.getByRole('button', { name: 'Next scan' }).click()));
      missed = timing === null;
      samples.push(
        timing
          ? { ms: Math.round(timing.paintedAt - timing.startedAt), fromTapMs: Math.round(timing.paintedAt - timing.tappedAt) }
          : { ms: Infinity, fromTapMs: Infinity },
      );
      await page.waitForTimeout(1000);
    }
    return samples;
  } finally {
    await page.context().close();
  }
}

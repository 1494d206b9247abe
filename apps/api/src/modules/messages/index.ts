import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';
import type { TextMessages } from './service.ts';

/** Text messages to motorists (issue 23): receipt texts on payment, expiry reminders; see docs/messages.md. */
export { createTextMessages, queueAccountText, queueReceiptText, type TextMessages } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How often queued text messages are looked at besides a payment's own send (retries, other processes' leftovers). */
const SEND_TEXTS_EVERY_MS = 5 * 60 * 1000;

/** The outbox's jobs: hourly, the expiry reminders now due are queued; every 5 minutes, the due texts are sent. */
function jobs(deps: { textMessages: TextMessages }): Job[] {
  return [
    { name: 'queue-expiry-reminders', everyMs: HOUR_MS, run: ({ now }) => deps.textMessages.queueReminders(now) },
    { name: 'send-text-messages', everyMs: SEND_TEXTS_EVERY_MS, run: () => deps.textMessages.sendDue() },
  ];
}

/** No routes: texts are queued by the modules that take payments (queueReceiptText) and sent by the jobs. */
export const descriptor = defineModule<{ textMessages: TextMessages }, void>({ name: 'messages', routes: () => undefined, jobs });

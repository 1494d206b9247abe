/** Text messages to motorists (issue 23): receipt texts on payment, expiry reminders; see docs/messages.md. */
export { messageQueries, type MessageQueries } from './repository.ts';
export { createTextMessages, queueReceiptText, type TextMessages } from './service.ts';

/** Text messages to motorists (issue 23): receipt texts on payment, expiry reminders; see docs/messages.md. */
export { messageQueries, type MessageQueries, type NewTextMessage } from './repository.ts';
export {
  createTextMessages,
  queueReceiptText,
  retryDelayMs,
  MAX_SEND_ATTEMPTS,
  REMINDER_HOURS,
  REMINDER_LEAD_MS,
  SEND_LEASE_MS,
  type PenaltyReceipt,
  type SubscriptionReceipt,
  type TextMessages,
  type TextMessagesDeps,
} from './service.ts';
export { expiryReminderText, lagosDateText, nairaText, penaltyReceiptText, receiptLink, subscriptionReceiptText } from './texts.ts';

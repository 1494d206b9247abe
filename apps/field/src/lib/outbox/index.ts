// The outbox: what agents capture, kept on the phone (IndexedDB) and sent under each item's
// Idempotency-Key until the server has answered it (docs/field.md, "Offline and the queue").
export { db, type ComplianceRow, type ComplianceTable, type Meta, type QueueItem, type ReceiptFacts } from './db.ts';
export { subscribeQueue } from './events.ts';
export { enqueue, newKey, remove, resendCorrected, retry } from './queue.ts';
export { startAutoSync, syncNow } from './sync.ts';
export { DONE_RETENTION_MS, pruneDone } from './prune.ts';
export { unsentNote, useQueue, useQueueCounts, type QueueCounts } from './useQueue.ts';

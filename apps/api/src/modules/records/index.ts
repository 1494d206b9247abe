// The records module's public face: what other modules may use of it.
export { recordQueries, type PaymentRow, type RecordQueries } from './repository.ts';
export { toPaymentRecord, type RecordsService } from './service.ts';

/** The covering (INCLUDE) columns of indexes, which Drizzle's index builder cannot declare; db/schema.test.ts checks them. */
export const indexIncludes: Record<string, readonly string[]> = {
  users_live_role_created_idx: ['registration_status', 'added_by'],
  users_live_role_page_idx: ['registration_status'],
  stakeholder_payouts_day_idx: ['stakeholder_id', 'amount_kobo'],
  stakeholder_payouts_stakeholder_day_idx: ['amount_kobo'],
  subscription_payments_till_idx: ['amount_kobo', 'created_at', 'received_at'],
  penalty_payments_till_idx: ['amount_kobo', 'created_at', 'received_at'],
  till_closes_variance_decided_idx: ['variance_kobo'],
  tills_open_cash_idx: ['cash_kobo', 'first_cash_at', 'is_current'],
};

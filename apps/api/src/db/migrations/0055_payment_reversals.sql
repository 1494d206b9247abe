-- Issue 44, reversing a payment recorded in error (docs/ledger.md, "Reversing a payment"). A payment
-- is never deleted and its amount never changed: its status becomes 'reversed' (the dashboards'
-- counters, the payment counts by status and the allocation's figures follow the status through their
-- existing triggers), and the reversal is its own record here, once per payment (payment_id is
-- unique: two admins reversing at once reverse once), naming the ledger entry it posted and the entry
-- that entry reverses.
ALTER TABLE subscription_payments DROP CONSTRAINT subscription_payments_status_check;
ALTER TABLE subscription_payments ADD CONSTRAINT subscription_payments_status_check CHECK (status IN ('success', 'pending', 'failed', 'reversed'));
ALTER TABLE penalty_payments DROP CONSTRAINT penalty_payments_status_check;
ALTER TABLE penalty_payments ADD CONSTRAINT penalty_payments_status_check CHECK (status IN ('success', 'pending', 'failed', 'reversed'));

CREATE TABLE payment_reversals (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_kind      text NOT NULL CHECK (payment_kind IN ('subscription', 'penalty')),
  payment_id        uuid NOT NULL CONSTRAINT payment_reversals_payment_once UNIQUE,
  receipt_no        text NOT NULL,
  amount_kobo       bigint NOT NULL CHECK (amount_kobo > 0),
  reason            text NOT NULL CHECK (length(reason) > 0),
  reversed_by       uuid NOT NULL REFERENCES users(id),
  -- From the app's clock.
  reversed_at       timestamptz NOT NULL,
  -- The payment's entry and the reversing entry (whose reverses_id names the first; no keys, as ledger_lines).
  entry_id          uuid NOT NULL,
  reversal_entry_id uuid NOT NULL,
  -- A subscription payment's effect undone: the subscription's expiry before and after the reversal;
  -- a penalty payment's: the outstanding penalty before and after. Null for the other kind.
  expires_before    timestamptz,
  expires_after     timestamptz,
  outstanding_before_kobo bigint,
  outstanding_after_kobo  bigint
);

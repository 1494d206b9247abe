-- Each till's running cash total and its first cash receive time (issue 42; docs/tills.md "Running
-- totals"), so the Tills list's over-a-limit filter, the summary's unlodged cash and the cash pause
-- check read one row per open till, not every cash payment of every open till. Derived counters, as
-- ledger_balances are: written in the payment's transaction under the till row's lock (modules/tills
-- collect.ts), never a posted amount; the ledger integrity check compares cash_kobo with the till's
-- payments ('till-total-differs').
ALTER TABLE tills
  ADD COLUMN cash_kobo bigint NOT NULL DEFAULT 0 CHECK (cash_kobo >= 0),
  ADD COLUMN first_cash_at timestamptz;

-- The tills so far, counted from their payments (received_at: the server's receive time).
UPDATE tills t SET cash_kobo = cash.kobo, first_cash_at = cash.first_at
FROM (
  SELECT till_id, sum(amount_kobo) AS kobo, min(received_at) AS first_at FROM (
    SELECT till_id, amount_kobo, received_at FROM subscription_payments WHERE till_id IS NOT NULL
    UNION ALL
    SELECT till_id, amount_kobo, received_at FROM penalty_payments WHERE till_id IS NOT NULL) p
  GROUP BY till_id) cash
WHERE cash.till_id = t.id;

-- A remitter's unlodged cash (their open tills'): the over-limit filter, the summary, the cash pause.
CREATE INDEX tills_open_cash_idx ON tills (remitter_id) INCLUDE (cash_kobo, first_cash_at, is_current) WHERE status = 'open';

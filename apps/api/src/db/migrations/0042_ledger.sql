-- The money ledger (issue 42; docs/ledger.md): double-entry, integer kobo, append-only. Every
-- movement of money is one entry whose lines sum to zero (a line's amount: a debit is positive, a
-- credit negative). Entries and lines are never updated or deleted: the triggers below refuse it; a
-- correction is a reversing entry that names the entry it reverses. The audit log is made
-- append-only the same way. Existing payments and payouts are posted at the end, so the books
-- balance from the first start.

-- An account is named by a code: a fixed one ('bank:levy', 'revenue:subscription'…) or one per
-- person ('till:<remitter id>', 'shortage:<agent id>', 'payable:<stakeholder id>'), made on its
-- first posting (INSERT … ON CONFLICT DO NOTHING in the posting's own statement).
CREATE TABLE ledger_accounts (
  code       text PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('till', 'bank', 'clearing', 'suspense', 'shortage', 'overage', 'payable', 'revenue')),
  -- The remitter of a till, the agent of a shortage, the stakeholder of a payable.
  owner_id   uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('till', 'shortage', 'payable')) = (owner_id IS NOT NULL))
);
-- The Books page lists accounts by kind, then code.
CREATE INDEX ledger_accounts_kind_idx ON ledger_accounts (kind, code);

INSERT INTO ledger_accounts (code, kind) VALUES
  ('bank:levy', 'bank'),
  ('clearing:pos', 'clearing'),
  ('clearing:card', 'clearing'),
  ('clearing:online', 'clearing'),
  ('suspense', 'suspense'),
  ('overage', 'overage'),
  ('revenue:subscription', 'revenue'),
  ('revenue:penalty', 'revenue');

-- kind names the record an entry belongs to (source_id: its id): subscription_payment, penalty_payment,
-- payout, allocation (a payout's share moved from revenue to the payable); a reversal names the entry
-- it reverses instead. (kind, source_id) is unique: a record posts once (TigerBeetle's idempotent ids).
CREATE TABLE ledger_entries (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind        text NOT NULL,
  source_id   uuid,
  reverses_id uuid CONSTRAINT ledger_entries_reverses_id_unique UNIQUE REFERENCES ledger_entries (id),
  memo        text NOT NULL DEFAULT '',
  -- When the money moved (a payment's capture time); posted_at: when the server wrote the entry.
  occurred_at timestamptz NOT NULL,
  posted_at   timestamptz NOT NULL DEFAULT now(),
  -- Who posted it, when a person did (a payout, a reversal); a payment's remitter is on the payment.
  posted_by   uuid,
  CHECK ((kind = 'reversal') = (reverses_id IS NOT NULL)),
  CHECK (kind = 'reversal' OR source_id IS NOT NULL)
);
CREATE UNIQUE INDEX ledger_entries_source_once ON ledger_entries (kind, source_id) WHERE source_id IS NOT NULL;

-- No foreign keys: ledger_post writes an entry with its lines and accounts in one call, and a key's
-- check would lock the account's row (KEY SHARE) in every payment's transaction, the revenue
-- account's in all of them. The integrity check finds a line whose entry or account is missing.
CREATE TABLE ledger_lines (
  entry_id     uuid NOT NULL,
  line_no      smallint NOT NULL,
  account_code text NOT NULL,
  amount_kobo  bigint NOT NULL CHECK (amount_kobo <> 0),
  PRIMARY KEY (entry_id, line_no)
);

-- Each account's debits and credits so far, kept by the lines' trigger, on 8 shards (as the
-- dashboard counters: concurrent payments credit the same revenue account without waiting for one
-- another's row). The integrity check compares them with the sums of the lines.
CREATE TABLE ledger_balances (
  account_code text NOT NULL,
  shard        smallint NOT NULL,
  debits_kobo  bigint NOT NULL,
  credits_kobo bigint NOT NULL,
  PRIMARY KEY (account_code, shard)
);

-- Once per statement: the lines a statement writes of each entry must sum to zero (an entry is
-- written whole, in one statement), and the balances take the lines.
CREATE FUNCTION ledger_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced uuid;
BEGIN
  SELECT entry_id INTO unbalanced FROM added GROUP BY entry_id HAVING sum(amount_kobo) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry % does not balance: the lines of an entry must sum to zero', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO ledger_balances AS b (account_code, shard, debits_kobo, credits_kobo)
  SELECT a.account_code, s.shard,
         coalesce(sum(a.amount_kobo) FILTER (WHERE a.amount_kobo > 0), 0),
         coalesce(-sum(a.amount_kobo) FILTER (WHERE a.amount_kobo < 0), 0)
  FROM added a, (SELECT floor(random() * 8)::smallint AS shard) s
  GROUP BY a.account_code, s.shard
  ON CONFLICT (account_code, shard) DO UPDATE
    SET debits_kobo = b.debits_kobo + EXCLUDED.debits_kobo, credits_kobo = b.credits_kobo + EXCLUDED.credits_kobo;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_lines_added AFTER INSERT ON ledger_lines
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_added();

-- Append-only: the database refuses UPDATE and DELETE. (TRUNCATE stays possible for the table's
-- owner: `npm run restore -- --force` replaces every table's rows with a backup's.)
CREATE FUNCTION refuse_append_only_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused (a correction is a new, reversing record)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

-- The audit log too; only its search text (0017: who acted and of whom, as a trigram index's input,
-- rebuilt by rebuild_audit_search_text) may be written again: it records nothing of its own.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     OR (NEW.id, NEW.created_at, NEW.actor_id, NEW.action, NEW.entity_type, NEW.entity_id, NEW.before, NEW.after)
        IS DISTINCT FROM (OLD.id, OLD.created_at, OLD.actor_id, OLD.action, OLD.entity_type, OLD.entity_id, OLD.before, OLD.after) THEN
    RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- Posts an entry whole: its personal accounts if new, the entry, its lines (the arrays: one element
-- per line, in order; owner null for a fixed account). One call per entry, its statements' plans kept
-- by the session (a payment's one extra round trip). Answers the entry's id.
CREATE FUNCTION ledger_post(p_kind text, p_source uuid, p_memo text, p_occurred_at timestamptz, p_posted_by uuid,
                            p_codes text[], p_kinds text[], p_owners uuid[], p_amounts bigint[]) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_entry uuid;
BEGIN
  INSERT INTO ledger_accounts (code, kind, owner_id)
  SELECT code, kind, owner FROM unnest(p_codes, p_kinds, p_owners) AS a (code, kind, owner) WHERE owner IS NOT NULL
  ON CONFLICT (code) DO NOTHING;
  INSERT INTO ledger_entries (kind, source_id, memo, occurred_at, posted_by)
  VALUES (p_kind, p_source, p_memo, p_occurred_at, p_posted_by)
  RETURNING id INTO v_entry;
  INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
  SELECT v_entry, l.n, l.code, l.amount FROM unnest(p_codes, p_amounts) WITH ORDINALITY AS l (code, amount, n);
  RETURN v_entry;
END $$;

-- The integrity check's runs (modules/ledger): the last one shows in the console's Books page.
CREATE TABLE ledger_checks (
  -- In the order they finished: the last is the highest.
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  started_at  timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  -- 'nightly' (the job) or 'on-demand' (requested_by: who asked).
  trigger     text NOT NULL CHECK (trigger IN ('nightly', 'on-demand')),
  requested_by uuid,
  ok          boolean NOT NULL,
  entries     bigint NOT NULL,
  lines       bigint NOT NULL,
  -- Each difference found: { kind, ..., message } (at most 100; difference_count: all of them).
  differences jsonb NOT NULL,
  difference_count integer NOT NULL
);

-- ---- Existing payments and payouts, posted as the services post new ones (modules/ledger/postings.ts):
-- a payment debits the remitter's till (cash), the levy bank (transfer) or the channel's clearing
-- account (pos, card) and credits the revenue of its kind; a payout moves its amount from
-- subscription revenue to the stakeholder's payable (allocation) and from the payable to the bank.

INSERT INTO ledger_accounts (code, kind, owner_id)
SELECT DISTINCT 'till:' || remitter_id, 'till', remitter_id
FROM (SELECT remitter_id FROM subscription_payments WHERE status = 'success' AND mode_of_payment = 'cash'
      UNION SELECT remitter_id FROM penalty_payments WHERE status = 'success' AND mode_of_payment = 'cash') cash;

INSERT INTO ledger_accounts (code, kind, owner_id)
SELECT DISTINCT 'payable:' || stakeholder_id, 'payable', stakeholder_id FROM stakeholder_payouts;

CREATE FUNCTION ledger_payment_account(p_mode text, p_remitter uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_mode WHEN 'cash' THEN 'till:' || p_remitter WHEN 'transfer' THEN 'bank:levy' ELSE 'clearing:' || p_mode END
$$;

INSERT INTO ledger_entries (kind, source_id, memo, occurred_at)
SELECT 'subscription_payment', id, 'Receipt ' || receipt_no, created_at FROM subscription_payments WHERE status = 'success';
INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
SELECT e.id, l.line_no, l.account_code, l.amount_kobo
FROM ledger_entries e
JOIN subscription_payments p ON e.kind = 'subscription_payment' AND p.id = e.source_id
CROSS JOIN LATERAL (VALUES (1::smallint, ledger_payment_account(p.mode_of_payment, p.remitter_id), p.amount_kobo),
                           (2::smallint, 'revenue:subscription', -p.amount_kobo)) l (line_no, account_code, amount_kobo);

INSERT INTO ledger_entries (kind, source_id, memo, occurred_at)
SELECT 'penalty_payment', id, 'Receipt ' || receipt_no, created_at FROM penalty_payments WHERE status = 'success';
INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
SELECT e.id, l.line_no, l.account_code, l.amount_kobo
FROM ledger_entries e
JOIN penalty_payments p ON e.kind = 'penalty_payment' AND p.id = e.source_id
CROSS JOIN LATERAL (VALUES (1::smallint, ledger_payment_account(p.mode_of_payment, p.remitter_id), p.amount_kobo),
                           (2::smallint, 'revenue:penalty', -p.amount_kobo)) l (line_no, account_code, amount_kobo);

INSERT INTO ledger_entries (kind, source_id, memo, occurred_at, posted_by)
SELECT kind, id, 'Payout ' || reference, created_at, recorded_by
FROM stakeholder_payouts, (VALUES ('allocation'), ('payout')) k (kind);
INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
SELECT e.id, l.line_no, l.account_code, l.amount_kobo
FROM ledger_entries e
JOIN stakeholder_payouts o ON e.kind IN ('allocation', 'payout') AND o.id = e.source_id
CROSS JOIN LATERAL (VALUES
  (1::smallint, CASE e.kind WHEN 'allocation' THEN 'revenue:subscription' ELSE 'payable:' || o.stakeholder_id END, o.amount_kobo),
  (2::smallint, CASE e.kind WHEN 'allocation' THEN 'payable:' || o.stakeholder_id ELSE 'bank:levy' END, -o.amount_kobo)) l (line_no, account_code, amount_kobo);

DROP FUNCTION ledger_payment_account(text, uuid);

-- Remitters' tills (issue 42, second part; docs/tills.md). A remitter's cash collections go to their
-- current till (set under the till row's lock in the payment's transaction); the remitter closes
-- the open tills with a blind count and the lodgement; a remitter-manager or an admin approves the
-- close (the lodgement and any variance post to the ledger then) or rejects it (the tills open
-- again). Non-cash payments carry the channel's reference, unique per mode of payment.

CREATE TABLE till_closes (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  remitter_id        uuid NOT NULL REFERENCES users(id),
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  -- The covered tills' cash, computed by the server when the close arrives; never shown to the
  -- remitter. counted: the blind count, which is also the amount lodged. Written once, at insert.
  expected_kobo      bigint NOT NULL CHECK (expected_kobo >= 0),
  counted_kobo       bigint NOT NULL CHECK (counted_kobo >= 0),
  lodgement_kind     text NOT NULL CHECK (lodgement_kind IN ('deposit', 'transfer')),
  bank_name          text,
  teller_no          text,
  lodged_on          date NOT NULL,
  -- The deposit slip's photo: a stored file's key (adapters/files.ts).
  slip_file          text,
  transfer_reference text,
  -- captured_at: the phone's time; received_at: the server's.
  captured_at        timestamptz NOT NULL,
  received_at        timestamptz NOT NULL,
  idempotency_key    text NOT NULL,
  decided_by         uuid REFERENCES users(id),
  decided_at         timestamptz,
  -- The approver's reason: required to reject, and to approve with a variance.
  reason             text,
  -- counted − expected, written at approval (negative: short).
  variance_kobo      bigint,
  CHECK ((lodgement_kind = 'deposit') = (bank_name IS NOT NULL AND teller_no IS NOT NULL)),
  CHECK ((lodgement_kind = 'transfer') = (transfer_reference IS NOT NULL)),
  CHECK (slip_file IS NULL OR lodgement_kind = 'deposit'),
  CHECK ((status = 'pending') = (decided_by IS NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'approved') = (variance_kobo IS NOT NULL)),
  CHECK (variance_kobo IS NULL OR variance_kobo = counted_kobo - expected_kobo),
  CHECK (status <> 'rejected' OR reason IS NOT NULL),
  CHECK (variance_kobo IS NULL OR variance_kobo = 0 OR reason IS NOT NULL)
);
-- The console's lists: by status and time, one remitter's history; a remitter has at most one close waiting.
CREATE INDEX till_closes_status_idx ON till_closes (status, received_at DESC);
CREATE INDEX till_closes_remitter_idx ON till_closes (remitter_id, received_at DESC);
CREATE UNIQUE INDEX till_closes_one_pending ON till_closes (remitter_id) WHERE status = 'pending';

-- A till: opened by the remitter's first cash collection (or explicitly), 'closing' while its close
-- waits, 'closed' once approved; a rejected close sets it 'open' again (no longer current: the next
-- cash collection opens a new one, and the next close covers both).
CREATE TABLE tills (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  remitter_id uuid NOT NULL REFERENCES users(id),
  -- The server's time.
  opened_at   timestamptz NOT NULL,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closing', 'closed')),
  -- The till a new cash collection goes to: at most one per remitter.
  is_current  boolean NOT NULL DEFAULT true,
  -- The close that covers it (while closing, and once closed).
  close_id    uuid REFERENCES till_closes(id),
  opened_by   text NOT NULL DEFAULT 'collection' CHECK (opened_by IN ('collection', 'explicit')),
  CHECK (NOT is_current OR status = 'open'),
  CHECK ((status = 'open') = (close_id IS NULL))
);
CREATE UNIQUE INDEX tills_current_once ON tills (remitter_id) WHERE is_current;
CREATE INDEX tills_status_opened_idx ON tills (status, opened_at);
CREATE INDEX tills_remitter_opened_idx ON tills (remitter_id, opened_at DESC);
CREATE INDEX tills_close_idx ON tills (close_id) WHERE close_id IS NOT NULL;

-- A cash payment's till; a non-cash payment's reference (as typed, trimmed).
ALTER TABLE subscription_payments
  ADD COLUMN till_id uuid REFERENCES tills(id),
  ADD COLUMN reference text;
ALTER TABLE penalty_payments
  ADD COLUMN till_id uuid REFERENCES tills(id),
  ADD COLUMN reference text;
-- A till's cash, collections, late ones and the last one, read from the index alone.
CREATE INDEX subscription_payments_till_idx ON subscription_payments (till_id) INCLUDE (amount_kobo, created_at, received_at) WHERE till_id IS NOT NULL;
CREATE INDEX penalty_payments_till_idx ON penalty_payments (till_id) INCLUDE (amount_kobo, created_at, received_at) WHERE till_id IS NOT NULL;

-- One reference pays once per mode of payment: reference_key is the reference in upper case
-- without spaces or dashes (so "ft-123 456" and "FT123456" are one). Written in the payment's
-- transaction; a duplicate is refused (409 naming the receipt it paid).
CREATE TABLE payment_references (
  mode_of_payment text NOT NULL CHECK (mode_of_payment IN ('transfer', 'pos', 'card')),
  reference_key   text NOT NULL CHECK (reference_key <> ''),
  payment_kind    text NOT NULL CHECK (payment_kind IN ('subscription', 'penalty')),
  payment_id      uuid NOT NULL,
  PRIMARY KEY (mode_of_payment, reference_key)
);

-- The audit log's approvals and rejections of a close (entity 'till_close') are found by the
-- remitter's name too, as a payout's are by its union's (0017).
CREATE OR REPLACE FUNCTION audit_person_of(p_type text, p_entity uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE p_type
    WHEN 'person' THEN p_entity
    WHEN 'subscription' THEN (SELECT user_id FROM ticket_subscriptions WHERE id = p_entity)
    WHEN 'stakeholder' THEN (SELECT union_id FROM stakeholders WHERE id = p_entity)
    WHEN 'payout' THEN (SELECT k.union_id FROM stakeholder_payouts o JOIN stakeholders k ON k.id = o.stakeholder_id WHERE o.id = p_entity)
    WHEN 'till_close' THEN (SELECT remitter_id FROM till_closes WHERE id = p_entity)
  END
$$;

CREATE OR REPLACE FUNCTION rebuild_audit_search_text() RETURNS void LANGUAGE sql AS $$
  UPDATE audit_log a SET search_text = found.text
  FROM (
    SELECT l.id, concat_ws(' ', actor.search_text, person.search_text) AS text
    FROM audit_log l
    JOIN users actor ON actor.id = l.actor_id
    LEFT JOIN ticket_subscriptions s ON l.entity_type = 'subscription' AND s.id = l.entity_id
    LEFT JOIN stakeholders k ON l.entity_type = 'stakeholder' AND k.id = l.entity_id
    LEFT JOIN stakeholder_payouts o ON l.entity_type = 'payout' AND o.id = l.entity_id
    LEFT JOIN stakeholders payout_stakeholder ON payout_stakeholder.id = o.stakeholder_id
    LEFT JOIN till_closes c ON l.entity_type = 'till_close' AND c.id = l.entity_id
    LEFT JOIN users person ON person.id <> l.actor_id AND person.id = CASE l.entity_type
      WHEN 'person' THEN l.entity_id
      WHEN 'subscription' THEN s.user_id
      WHEN 'stakeholder' THEN k.union_id
      WHEN 'payout' THEN payout_stakeholder.union_id
      WHEN 'till_close' THEN c.remitter_id
    END
  ) found
  WHERE found.id = a.id
$$;

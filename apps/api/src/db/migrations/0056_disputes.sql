-- Disputes from the public (issue 44; docs/disputes.md): anyone on a check page (/v, /r, /a) reports
-- a problem without an account; staff work them in the console's Disputes queue (assign, note,
-- resolve upheld or not), and the outcome is texted to the phone given, through the SMS outbox.
CREATE TABLE disputes (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- What the reporter is told (the thank-you page): DSP- and 8 unguessable characters.
  reference     text NOT NULL UNIQUE,
  -- The page it was sent from and the code or receipt number as the page read it.
  source        text NOT NULL CHECK (source IN ('vehicle', 'receipt', 'agent')),
  source_code   text NOT NULL CHECK (length(source_code) BETWEEN 1 AND 64),
  -- What that code names when it names something (a fake sticker's code names nobody).
  motorist_id   uuid REFERENCES users (id),
  agent_id      uuid REFERENCES users (id),
  receipt_no    text,
  -- A vehicle's latest scan in the 72 hours before the report ("I paid but was stopped").
  scan_id       uuid REFERENCES scans (id) ON DELETE SET NULL,
  reason        text NOT NULL CHECK (reason IN ('paid_but_stopped', 'receipt_not_genuine', 'collector_misconduct', 'sticker_fake', 'other')),
  description   text NOT NULL CHECK (length(description) BETWEEN 1 AND 1000),
  -- Personal data (contact): 234XXXXXXXXXX, for the outcome text; masked in lists.
  phone         text CHECK (phone ~ '^234[789][01][0-9]{8}$'),
  state         text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'in_review', 'resolved')),
  assignee_id   uuid REFERENCES users (id),
  assigned_at   timestamptz,
  outcome       text CHECK (outcome IN ('upheld', 'not_upheld')),
  outcome_text  text CHECK (length(outcome_text) BETWEEN 1 AND 300),
  resolved_by   uuid REFERENCES users (id),
  resolved_at   timestamptz,
  created_at    timestamptz NOT NULL,
  CHECK ((state = 'resolved') = (outcome IS NOT NULL AND outcome_text IS NOT NULL AND resolved_at IS NOT NULL AND resolved_by IS NOT NULL)),
  CHECK (state <> 'in_review' OR assignee_id IS NOT NULL)
);
-- The queue: newest first, and the same within a state or a reason.
CREATE INDEX disputes_created_idx ON disputes (created_at DESC, id DESC);
CREATE INDEX disputes_state_created_idx ON disputes (state, created_at DESC, id DESC);
CREATE INDEX disputes_reason_created_idx ON disputes (reason, created_at DESC, id DESC);
-- The dashboard's counts: the unresolved ones by age.
CREATE INDEX disputes_unresolved_idx ON disputes (created_at) WHERE state <> 'resolved';

CREATE TABLE dispute_notes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  dispute_id  uuid NOT NULL REFERENCES disputes (id) ON DELETE CASCADE,
  author_id   uuid NOT NULL REFERENCES users (id),
  body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  created_at  timestamptz NOT NULL
);
CREATE INDEX dispute_notes_dispute_idx ON dispute_notes (dispute_id, created_at);

-- The outcome text goes through the same outbox as receipts: to the phone the reporter gave, who
-- may be no motorist at all; once per dispute.
ALTER TABLE sms_messages ALTER COLUMN motorist_id DROP NOT NULL;
ALTER TABLE sms_messages ADD COLUMN dispute_id uuid REFERENCES disputes (id) ON DELETE CASCADE;
ALTER TABLE sms_messages DROP CONSTRAINT sms_messages_kind_check;
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_kind_check CHECK (kind IN ('receipt', 'expiry_reminder', 'dispute_outcome'));
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_dispute_check CHECK ((kind = 'dispute_outcome') = (dispute_id IS NOT NULL));
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_motorist_check CHECK (kind = 'dispute_outcome' OR motorist_id IS NOT NULL);
CREATE UNIQUE INDEX sms_messages_dispute_once ON sms_messages (dispute_id) WHERE kind = 'dispute_outcome';

-- Flags on field activity (issue 44; docs/flags.md): impossible or suspicious captures, raised as
-- each capture arrives (never by rescanning the scans) and never blocking it, for a person to review.
-- One row per (rule, agent, subject): the subject is what the rule saw twice at most once (a scan's
-- or a payment's id, the other scan of a cloned sticker, the minute of a burst), so a capture sent
-- again flags nothing new.
CREATE TABLE field_flags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rule text NOT NULL CHECK (rule IN ('speed', 'cloned-sticker', 'scan-rate', 'late', 'cash-over-limit', 'held-penalty')),
  agent_id uuid NOT NULL REFERENCES users (id),
  subject text NOT NULL,
  scan_id uuid,
  payment_id uuid,
  motorist_id uuid,
  -- The capture's time on the phone and the server's receive time.
  captured_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  -- What the rule measured (km/h, km, scans a minute, hours late, the previous contact ...).
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'false-alarm')),
  reviewed_by uuid REFERENCES users (id),
  reviewed_at timestamptz,
  review_note text,
  CHECK ((status = 'open') = (reviewed_at IS NULL))
);
CREATE UNIQUE INDEX field_flags_subject_idx ON field_flags (rule, agent_id, subject);
-- The Flags queue: newest first, by status, by rule, by agent (the agent's details page).
CREATE INDEX field_flags_received_idx ON field_flags (received_at DESC, id DESC);
CREATE INDEX field_flags_status_received_idx ON field_flags (status, received_at DESC, id DESC);
CREATE INDEX field_flags_rule_received_idx ON field_flags (rule, received_at DESC, id DESC);
CREATE INDEX field_flags_agent_received_idx ON field_flags (agent_id, received_at DESC, id DESC);

-- Each field agent's last request seen by the server, and the one before the present sitting
-- (requests less than FLAG_CONTACT_GAP_SECONDS apart are one sitting: a phone emptying its queue).
-- Written at most every few seconds per agent (modules/flags contact.ts).
CREATE TABLE agent_contacts (
  agent_id uuid PRIMARY KEY REFERENCES users (id),
  contact_at timestamptz NOT NULL,
  previous_contact_at timestamptz
);

-- Text messages to motorists (issue 23): a durable outbox. A payment's transaction inserts its
-- receipt text; the hourly reminder job inserts expiry reminders; a sender (woken after a payment,
-- and the every-minute job `send-text-messages` in whichever process runs it) claims due rows and
-- hands them to the SMS adapter (the DATA_DIR/sms-outbox folder, or Termii). See docs/messages.md.
CREATE TABLE sms_messages (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind            text NOT NULL CHECK (kind IN ('receipt', 'expiry_reminder')),
  motorist_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 234XXXXXXXXXX (E.164 without '+'); the number as registered when it is not a Nigerian mobile (state failed).
  to_phone        text NOT NULL,
  body            text NOT NULL,
  -- A receipt text: the payment's receipt number (one text per receipt).
  receipt_no      text,
  -- A reminder: the subscription and the expiry it reminds of (one text per expiry; a renewal moves
  -- the expiry, so the new one gets its own reminder).
  subscription_id uuid REFERENCES ticket_subscriptions (id) ON DELETE CASCADE,
  expires_at      timestamptz,
  state           text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  -- Tries so far; a claimed row's next_attempt_at is pushed a lease ahead, so a sender that dies
  -- mid-send leaves it to be tried again after the lease.
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error      text,
  provider        text,
  provider_id     text,
  created_at      timestamptz NOT NULL,
  sent_at         timestamptz,
  CHECK ((kind = 'receipt') = (receipt_no IS NOT NULL)),
  CHECK ((kind = 'expiry_reminder') = (subscription_id IS NOT NULL AND expires_at IS NOT NULL))
);
-- Once per receipt, and once per (subscription, expiry): a second insert (another process's run of
-- the same job, at the same moment) does nothing (INSERT … ON CONFLICT DO NOTHING).
CREATE UNIQUE INDEX sms_messages_receipt_once ON sms_messages (receipt_no) WHERE kind = 'receipt';
CREATE UNIQUE INDEX sms_messages_reminder_once ON sms_messages (subscription_id, expires_at) WHERE kind = 'expiry_reminder';
-- The senders' queue: pending rows by when they are due.
CREATE INDEX sms_messages_due_idx ON sms_messages (next_attempt_at) WHERE state = 'pending';
CREATE INDEX sms_messages_motorist_idx ON sms_messages (motorist_id, created_at);

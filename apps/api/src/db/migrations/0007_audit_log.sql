-- Audit log (issue 7): every change staff make in the console, with who, when, what, and the record
-- as it was before and after. Each row is written by the service in the same transaction as the
-- change it records (apps/api/src/platform/audit.ts), so a change that rolls back leaves no row.
-- before/after are snapshots of the changed record, never holding password hashes, tokens or codes.
CREATE TABLE audit_log (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the app's clock (not now()), so tests with a controlled clock see their own times.
  created_at   timestamptz NOT NULL,
  actor_id     uuid NOT NULL REFERENCES users(id),
  action       text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  entity_type  text NOT NULL CHECK (entity_type ~ '^[a-z_]+$'),
  entity_id    uuid,
  before       jsonb,
  after        jsonb
);

-- Newest first, paged; and the same within one actor, one record or one action.
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC, id DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_id, created_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC, id DESC);

-- Personal data kept no longer than needed, and the person's rights (issue 46; docs/data-protection.md).

-- When a person was deleted (the erasure job counts the retention from it) and when their personal
-- data was erased. People deleted before this migration count from their last change.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users ADD COLUMN erased_at timestamptz;
UPDATE users SET deleted_at = updated_at WHERE is_deleted;
-- The erasure job's queue: deleted people not erased yet, oldest deletion first (keyset batches).
CREATE INDEX users_erasure_due_idx ON users (deleted_at, id) WHERE is_deleted AND erased_at IS NULL;

-- When the registrar read the privacy notice to the motorist (field and console registrations).
ALTER TABLE users ADD COLUMN privacy_notice_at timestamptz;

-- Scan locations older than the retention are rounded (about 1 km); coarse marks the ones done.
ALTER TABLE scans ADD COLUMN location_coarse boolean NOT NULL DEFAULT false;
CREATE INDEX scans_location_fine_idx ON scans (created_at, id) WHERE latitude IS NOT NULL AND NOT location_coarse;

-- Requests a person makes under the Nigeria Data Protection Act (access, correction, erasure), with
-- their outcome: what was done, what was kept and why.
CREATE TABLE privacy_requests (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id    uuid NOT NULL REFERENCES users (id),
  kind         text NOT NULL CHECK (kind IN ('access', 'correction', 'erasure')),
  details      text NOT NULL,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused')),
  outcome      text,
  received_at  timestamptz NOT NULL,
  recorded_by  uuid NOT NULL REFERENCES users (id),
  decided_at   timestamptz,
  decided_by   uuid REFERENCES users (id),
  CHECK ((status = 'open') = (decided_at IS NULL)),
  CHECK (status = 'open' OR outcome IS NOT NULL)
);
CREATE INDEX privacy_requests_person_idx ON privacy_requests (person_id, received_at DESC);
CREATE INDEX privacy_requests_received_idx ON privacy_requests (received_at DESC, id DESC);

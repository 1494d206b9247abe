-- Second approvals (issue 44, maker-checker; docs/approvals.md). An action whose kind the setting
-- APPROVALS lists is not applied: it is kept here as a request, with who asked, why and what changes
-- (before and after, for display), until someone else holding the kind's permission approves it
-- (applied in the same transaction as the state change) or rejects it, or it expires
-- (APPROVALS_EXPIRE_HOURS after it was made; the approvals-expire job marks it, and an approval
-- after that time is refused even before the job ran).
CREATE TABLE approval_requests (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind        text NOT NULL CHECK (kind ~ '^[a-z-]+$'),
  -- What the action was given, as its kind's payload schema reads it back at approval.
  payload     jsonb NOT NULL,
  -- A line naming what changes, and the changed fields as they were and as they would be.
  subject     text NOT NULL,
  before      jsonb NOT NULL,
  after       jsonb NOT NULL,
  maker_id    uuid NOT NULL REFERENCES users(id),
  reason      text,
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'expired')),
  checker_id  uuid REFERENCES users(id),
  comment     text,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  decided_at  timestamptz,
  -- The maker never decides their own request.
  CONSTRAINT approval_requests_checker_not_maker CHECK (checker_id IS NULL OR checker_id <> maker_id),
  CONSTRAINT approval_requests_decided CHECK ((state = 'pending') = (decided_at IS NULL))
);

-- The Approvals page: pending first, oldest first; the expiry job finds the due ones by it too.
CREATE INDEX approval_requests_pending_idx ON approval_requests (created_at, id) WHERE state = 'pending';
-- The decided ones, newest first; and a maker's own requests.
CREATE INDEX approval_requests_decided_idx ON approval_requests (decided_at DESC, id) WHERE state <> 'pending';
CREATE INDEX approval_requests_maker_idx ON approval_requests (maker_id, created_at DESC);

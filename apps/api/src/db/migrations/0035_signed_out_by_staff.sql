-- Why a person's earlier sessions ended: true when a staff member forced the logout, so the refused
-- browser can say 'You were signed out by an administrator' rather than that the session expired.
ALTER TABLE users ADD COLUMN signed_out_by_staff boolean NOT NULL DEFAULT false;

-- The record of every look at a person's personal data (issue 46; docs/data-protection.md): who
-- (staff_id), when (at), which person, which fields (packages/contracts/src/personal-data.ts
-- PERSONAL_FIELDS), what they did (a details view, a Show, an export, a signed link to an image, an
-- archive of everything held) and from where. Written by the request that looked, in one INSERT;
-- read by the super-admin alone. Append-only as the audit log (0042): the database refuses UPDATE
-- and DELETE. No foreign keys: a row outlives the people it names (an erased person's rows stay).
CREATE TABLE personal_data_access (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at         timestamptz NOT NULL DEFAULT now(),
  staff_id   uuid NOT NULL,
  -- Null for an export of a list: the export's subject names the list and its filter.
  person_id  uuid,
  action     text NOT NULL CHECK (action IN ('details-view', 'reveal', 'export', 'signed-link', 'archive')),
  fields     text[] NOT NULL CHECK (cardinality(fields) > 0),
  -- An export: the list's path and query, and how many rows it held.
  subject    text,
  ip         text,
  user_agent text,
  CHECK ((action = 'export') = (person_id IS NULL))
);

CREATE INDEX personal_data_access_at_idx ON personal_data_access (at DESC, id DESC);
CREATE INDEX personal_data_access_person_idx ON personal_data_access (person_id, at DESC, id DESC);
CREATE INDEX personal_data_access_staff_idx ON personal_data_access (staff_id, at DESC, id DESC);

CREATE TRIGGER personal_data_access_append_only BEFORE UPDATE OR DELETE ON personal_data_access
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();

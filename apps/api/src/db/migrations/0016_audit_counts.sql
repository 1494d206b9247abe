-- Audit Log totals (issue 6). The Audit Log's total was count(*) of its matching rows on every page:
-- every staff change writes a row, a registration among them, so a levy of a million motorists holds
-- millions of rows and the count read them all. Its totals now come from counters, as the other
-- lists' do (0006, 0014): audit_counts holds how many entries there are per Lagos day of creation,
-- action and shard (concurrent writers of a day spread over 8 rows), kept by a trigger in the writing
-- transaction; audit_month_counts is its month twin (`day` the first of the month), kept equal to the
-- sum of its days by a trigger on audit_counts. A total over a date range and an action sums whole
-- months and whole days; a search (a person, a record) counts rows a few pages ahead only.

CREATE TABLE audit_counts (
  day     date NOT NULL,
  action  text NOT NULL,
  shard   smallint NOT NULL,
  entries bigint NOT NULL,
  PRIMARY KEY (day, action, shard)
);
CREATE TABLE audit_month_counts (LIKE audit_counts INCLUDING DEFAULTS);
ALTER TABLE audit_month_counts ADD PRIMARY KEY (day, action, shard);

CREATE FUNCTION audit_counts_add(p_day date, p_action text, p_shard smallint, p_delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_counts AS c (day, action, shard, entries)
  VALUES (p_day, p_action, p_shard, p_delta)
  ON CONFLICT (day, action, shard) DO UPDATE SET entries = c.entries + EXCLUDED.entries
$$;

-- The log is written once per change and never altered; a deletion or a change of time or action
-- (by hand, or a restore) still moves its count.
CREATE FUNCTION audit_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM audit_counts_add(lagos_day(OLD.created_at), OLD.action, count_shard(OLD.id), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM audit_counts_add(lagos_day(NEW.created_at), NEW.action, count_shard(NEW.id), 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER audit_log_counts
  AFTER INSERT OR DELETE OR UPDATE OF created_at, action ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_counts_track();

-- The month twin, as 0014's: each change of a day row added to its month's row.
CREATE FUNCTION audit_month_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO audit_month_counts AS c (day, action, shard, entries)
    VALUES (month_of(OLD.day), OLD.action, OLD.shard, -OLD.entries)
    ON CONFLICT (day, action, shard) DO UPDATE SET entries = c.entries + EXCLUDED.entries;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO audit_month_counts AS c (day, action, shard, entries)
    VALUES (month_of(NEW.day), NEW.action, NEW.shard, NEW.entries)
    ON CONFLICT (day, action, shard) DO UPDATE SET entries = c.entries + EXCLUDED.entries;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER audit_counts_by_month AFTER INSERT OR UPDATE OR DELETE ON audit_counts
  FOR EACH ROW EXECUTE FUNCTION audit_month_counts_track();

-- Both counted afresh from the log (after a bulk load with the triggers off, or to check them).
CREATE FUNCTION rebuild_audit_counts() RETURNS void LANGUAGE sql AS $$
  TRUNCATE audit_counts, audit_month_counts;
  INSERT INTO audit_counts (day, action, shard, entries)
  SELECT lagos_day(created_at), action, 0, count(*) FROM audit_log GROUP BY 1, 2;
  TRUNCATE audit_month_counts;
  INSERT INTO audit_month_counts (day, action, shard, entries)
  SELECT month_of(day), action, 0, sum(entries) FROM audit_counts GROUP BY 1, 2;
$$;

CREATE OR REPLACE FUNCTION rebuild_list_counts() RETURNS void LANGUAGE sql AS $$
  SELECT rebuild_day_counts();
  SELECT rebuild_month_counts();
  SELECT rebuild_agent_rankings();
  SELECT rebuild_audit_counts();
$$;

-- compact_counts (0014) folding the audit counts' past days too.
CREATE OR REPLACE FUNCTION compact_counts(p_before date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compact_day_counts(p_before);
  WITH moved AS (DELETE FROM audit_counts WHERE day < p_before AND shard <> 0 RETURNING *)
  INSERT INTO audit_counts AS c (day, action, shard, entries)
  SELECT day, action, 0, sum(entries) FROM moved GROUP BY 1, 2
  ON CONFLICT (day, action, shard) DO UPDATE SET entries = c.entries + EXCLUDED.entries;
  DELETE FROM people_month_counts WHERE shard <> 0 AND people = 0;
  DELETE FROM scan_month_counts WHERE shard <> 0 AND scans = 0;
  DELETE FROM payment_month_counts WHERE shard <> 0 AND payments = 0;
  DELETE FROM audit_month_counts WHERE shard <> 0 AND entries = 0;
END $$;

SELECT rebuild_audit_counts();

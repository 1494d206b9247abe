-- Issue 26: the motorist list and the scan records find a motorist by plate number, typed with or
-- without its spaces and dashes ('LAG 123 AB', 'lag123ab'). plate_search holds the plate's letters
-- and digits, lower-cased; a trigram index on it finds the motorists, and the lists then read their
-- rows by the motorists' ids, as a Unique ID search does (apps/api/src/lists/plate-search.ts).
ALTER TABLE vehicles
  ADD COLUMN plate_search text GENERATED ALWAYS AS (lower(regexp_replace(plate_number, '[^a-zA-Z0-9]', '', 'g'))) STORED;
CREATE INDEX vehicles_plate_search_trgm_idx ON vehicles USING gin (plate_search public.gin_trgm_ops);

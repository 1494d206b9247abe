-- Issue 26: the motorist list and the scan records find a motorist by plate number, typed with or
-- without its spaces and dashes ('LAG 123 AB', 'lag123ab'). A trigram index on the plate's letters
-- and digits finds the motorists; the lists then read their rows by the motorists' ids, as a
-- Unique ID search does (apps/api/src/lists/plate-search.ts holds the same expression).
CREATE INDEX vehicles_plate_search_trgm_idx ON vehicles
  USING gin (lower(regexp_replace(plate_number, '[^a-zA-Z0-9]', '', 'g')) public.gin_trgm_ops);

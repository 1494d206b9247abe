-- Issue 45: the language of the public page a dispute was reported from (?lang=, cookie or the
-- browser's), so the outcome text reaches the reporter in it. English for every dispute before.
-- A NOT NULL column with a constant default is added without rewriting the table (PostgreSQL 11+).
ALTER TABLE disputes ADD COLUMN language text NOT NULL DEFAULT 'en'
  CONSTRAINT disputes_language_check CHECK (language IN ('en', 'pcm', 'ha', 'yo', 'ig'));

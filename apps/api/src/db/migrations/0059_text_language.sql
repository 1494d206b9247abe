-- Issue 45: the language of the texts a motorist gets (receipts, reminders), chosen at registration
-- and changed on the motorist's details page. English for everyone registered before.
-- A NOT NULL column with a constant default is added without rewriting the table (PostgreSQL 11+).
ALTER TABLE users ADD COLUMN text_language text NOT NULL DEFAULT 'en'
  CONSTRAINT users_text_language_check CHECK (text_language IN ('en', 'pcm', 'ha', 'yo', 'ig'));

-- Issue 45: the language a field agent picked in the field app, kept on their account so it follows
-- them to any phone at sign-in. Null: never chosen (the phone's own choice stands). The locales are
-- packages/i18n's LOCALES.
ALTER TABLE users ADD COLUMN language text CONSTRAINT users_language_check CHECK (language IN ('en', 'pcm', 'ha', 'yo', 'ig'));

-- Issue 26: a change of a motorist's penalty says why (shown in the motorist's history and kept in
-- the audit log), and is refused above a ceiling: penalty_ceiling_multiple times the penalty charge
-- of the motorist's vehicle type (a setting; 10 unless changed).
ALTER TABLE penalty_adjustments ADD COLUMN reason text;
INSERT INTO settings (key, value) VALUES ('penalty_ceiling_multiple', '10') ON CONFLICT (key) DO NOTHING;

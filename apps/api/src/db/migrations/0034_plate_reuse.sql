-- A deleted motorist's plate number may be registered again (DESIGN.md "People"): a vehicle carries
-- its owner's deletion, and the plate is unique among the vehicles of people not deleted (as emails are).
ALTER TABLE vehicles ADD COLUMN is_deleted boolean NOT NULL DEFAULT false;
UPDATE vehicles v SET is_deleted = true FROM users u WHERE u.id = v.user_id AND u.is_deleted;
DROP INDEX vehicles_plate_number_unique;
CREATE UNIQUE INDEX vehicles_plate_number_unique ON vehicles (plate_number) WHERE NOT is_deleted;

-- +goose Up
ALTER TABLE learners ADD COLUMN guest BIGINT NOT NULL DEFAULT 0;
ALTER TABLE learners ADD COLUMN seen_at TEXT NOT NULL DEFAULT '';
CREATE INDEX learners_guest_seen ON learners (seen_at) WHERE guest = 1;

-- +goose Down
DROP INDEX learners_guest_seen;
ALTER TABLE learners DROP COLUMN seen_at;
ALTER TABLE learners DROP COLUMN guest;

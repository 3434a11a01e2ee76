-- Guest learners: a visitor practises with no account; the practice page makes a guest
-- learner on the first visit. guest marks them; seen_at is when the guest last fetched a
-- token (the page renews it on each visit), so that guests idle for longer than
-- LOOPLAB_GUEST_TTL (no token and no attempt since) can be purged. A guest can be
-- claimed by an account or an LMS identity: its history moves to that learner.

-- +goose Up
ALTER TABLE learners ADD COLUMN guest INTEGER NOT NULL DEFAULT 0;
ALTER TABLE learners ADD COLUMN seen_at TEXT NOT NULL DEFAULT '';
CREATE INDEX learners_guest_seen ON learners (seen_at) WHERE guest = 1;

-- +goose Down
DROP INDEX learners_guest_seen;
ALTER TABLE learners DROP COLUMN seen_at;
ALTER TABLE learners DROP COLUMN guest;

-- Replicas on one PostgreSQL database are told of the changes their caches depend on (a
-- revoked API key, a newly published question version) by NOTIFY looplab_changes, in
-- the PostgreSQL twin of this migration. One server process serves a SQLite file and
-- forgets its own cache entries when it makes such a change: nothing to do here.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;

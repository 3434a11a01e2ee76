-- The idempotency index holds only attempts that have a key. (SQLite's half of this
-- migration also clusters review_states by its primary key, WITHOUT ROWID; PostgreSQL
-- tables are heaps either way, so it has nothing to do there.)

-- +goose Up
DROP INDEX attempts_idempotency;
CREATE UNIQUE INDEX attempts_idempotency ON attempts (learner_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- +goose Down
DROP INDEX attempts_idempotency;
CREATE UNIQUE INDEX attempts_idempotency ON attempts (learner_id, idempotency_key);

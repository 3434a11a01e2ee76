-- Idempotency records expire (LOOPLAB_IDEMPOTENCY_TTL, 24 hours by default) and are
-- pruned by age: this index keeps the prune from reading the whole table.

-- +goose Up
CREATE INDEX idempotency_created ON idempotency (created_at);

-- +goose Down
DROP INDEX idempotency_created;

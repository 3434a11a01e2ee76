-- +goose Up
CREATE INDEX idempotency_created ON idempotency (created_at);

-- +goose Down
DROP INDEX idempotency_created;

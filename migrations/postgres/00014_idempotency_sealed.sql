-- +goose Up
DELETE FROM idempotency;

-- +goose Down
SELECT 1;

-- Idempotency records are now stored under a hash of the Idempotency-Key with the
-- response sealed by a key derived from it (api/idempotency.go), so a response that
-- carries a secret (a new API key, a learner token, a webhook secret) is not readable
-- from the database. Records written before kept both in clear: they are deleted (they
-- live 24 hours by default; a retry after this upgrade is treated as a new request).

-- +goose Up
DELETE FROM idempotency;

-- +goose Down
SELECT 1;

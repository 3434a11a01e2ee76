-- API keys can be revoked (DELETE /v1/keys/{id}, `looplab keys revoke`): a revoked key
-- keeps its row, so the key list and audit trails still name it, but no longer
-- authenticates, nor do the learner tokens it minted.

-- +goose Up
ALTER TABLE api_keys ADD COLUMN revoked_at TEXT;

-- +goose Down
ALTER TABLE api_keys DROP COLUMN revoked_at;

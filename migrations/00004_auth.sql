-- +goose Up
-- api_keys stores the SHA-256 of each key, never the key. hash_prefix (the first 6 bytes,
-- hex) finds the row; the full hash is then compared in constant time.
CREATE TABLE api_keys (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    role        TEXT    NOT NULL,
    hash_prefix TEXT    NOT NULL,
    hash        BLOB    NOT NULL UNIQUE,
    created_at  TEXT    NOT NULL
);
CREATE INDEX api_keys_prefix ON api_keys (hash_prefix);

-- idempotency holds the response to each (principal, Idempotency-Key); status 0 marks a
-- request still in flight.
CREATE TABLE idempotency (
    scope        TEXT    NOT NULL,
    idem_key     TEXT    NOT NULL,
    fingerprint  BLOB    NOT NULL,
    status       INTEGER NOT NULL,
    content_type TEXT    NOT NULL,
    body         BLOB    NOT NULL,
    created_at   TEXT    NOT NULL,
    PRIMARY KEY (scope, idem_key)
);

-- +goose Down
DROP TABLE idempotency;
DROP TABLE api_keys;

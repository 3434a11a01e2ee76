-- +goose Up
CREATE TABLE learners (
    id          INTEGER PRIMARY KEY,
    external_id TEXT    NOT NULL UNIQUE,
    name        TEXT    NOT NULL,
    locale      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);

-- settings holds server-wide values that must survive restarts (the token signing secret).
CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- +goose Down
DROP TABLE settings;
DROP TABLE learners;

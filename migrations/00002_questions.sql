-- +goose Up
-- questions holds each question's working copy (content, JSON) and the number of its
-- latest published version. The filter columns mirror the latest published version
-- (or the working copy of a draft).
CREATE TABLE questions (
    id           INTEGER PRIMARY KEY,
    slug         TEXT    NOT NULL UNIQUE,
    owner_key_id INTEGER NOT NULL DEFAULT 0,
    bank         INTEGER NOT NULL DEFAULT 0,
    status       TEXT    NOT NULL,
    version      INTEGER NOT NULL DEFAULT 0,
    topic        TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    difficulty   INTEGER NOT NULL,
    languages    TEXT    NOT NULL,
    content      TEXT    NOT NULL,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);
CREATE INDEX questions_status_topic ON questions (status, topic, kind, difficulty);

-- question_versions are immutable snapshots; attempts refer to them.
CREATE TABLE question_versions (
    id          INTEGER PRIMARY KEY,
    question_id INTEGER NOT NULL REFERENCES questions (id),
    version     INTEGER NOT NULL,
    content     TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    UNIQUE (question_id, version)
);

-- +goose StatementBegin
CREATE TRIGGER question_versions_immutable BEFORE UPDATE ON question_versions
BEGIN
    SELECT RAISE(ABORT, 'question versions are immutable');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER question_versions_immutable;
DROP TABLE question_versions;
DROP TABLE questions;

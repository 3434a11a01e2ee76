-- An attempt's grade details (explanation in two languages, the expected outcomes,
-- the divergence...) were 2.3 KB of its 2.4 KB row, so every attempt wrote a page of
-- its own to the WAL. Attempts that get the same grade at the same variant share the
-- same details, so they are now stored once, under the SHA-256 of their JSON, and an
-- attempt keeps the 32-byte digest. The details of an attempt are written in the
-- same transaction as the attempt (or an earlier one) and are never deleted; there
-- is no foreign key so that Down can drop the column. Attempts stored before this
-- migration keep their details in grade; new ones leave it empty.

-- +goose Up
CREATE TABLE grade_details (
    id     INTEGER PRIMARY KEY,
    digest BLOB    NOT NULL UNIQUE,
    detail TEXT    NOT NULL
);
ALTER TABLE attempts ADD COLUMN detail_digest BLOB;

-- +goose Down
UPDATE attempts SET grade = (SELECT d.detail FROM grade_details d WHERE d.digest = attempts.detail_digest)
WHERE detail_digest IS NOT NULL;
ALTER TABLE attempts DROP COLUMN detail_digest;
DROP TABLE grade_details;

-- Each replica keeps a few short-lived caches (valid API keys, each question's latest
-- version). A change made through another replica reaches them by NOTIFY
-- looplab_changes, sent at the commit of the change: 'key:ID' when an API key is
-- updated (revoked), 'question:ID' when a question gets a new version. Every replica
-- LISTENs and forgets the entry (store.DB.WatchChanges); one that lost its listening
-- connection forgets everything when it is back.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION looplab_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'api_keys' THEN
        PERFORM pg_notify('looplab_changes', 'key:' || NEW.id);
    ELSE
        PERFORM pg_notify('looplab_changes', 'question:' || NEW.question_id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER api_keys_notify AFTER UPDATE ON api_keys FOR EACH ROW EXECUTE FUNCTION looplab_notify_change();
CREATE TRIGGER question_versions_notify AFTER INSERT ON question_versions FOR EACH ROW EXECUTE FUNCTION looplab_notify_change();

-- +goose Down
DROP TRIGGER question_versions_notify ON question_versions;
DROP TRIGGER api_keys_notify ON api_keys;
DROP FUNCTION looplab_notify_change();

-- +goose Up
-- webhook_subscriptions are the webhook endpoints; webhook_events lists the events
-- each one receives. The secret signs the deliveries (HMAC-SHA256).
CREATE TABLE webhook_subscriptions (
    id         INTEGER PRIMARY KEY,
    url        TEXT    NOT NULL,
    secret     TEXT    NOT NULL,
    active     INTEGER NOT NULL DEFAULT 1,
    created_at TEXT    NOT NULL
);
CREATE TABLE webhook_events (
    subscription_id INTEGER NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
    event           TEXT    NOT NULL,
    PRIMARY KEY (subscription_id, event)
);
CREATE INDEX webhook_events_event ON webhook_events (event, subscription_id);

-- outbox holds every message to deliver to another system: AGS scores (kind
-- 'ags.score', target = lti_grade_targets.id) and webhooks (kind 'webhook', target =
-- webhook_subscriptions.id). subject is the attempt, learner or question version the
-- event is about. Messages with the same order_key are delivered one at a time in id
-- order. Rows are written by the triggers below, in the transaction of the change
-- itself, so no event is lost between a commit and a queue.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL,
    event        TEXT    NOT NULL,
    target_id    INTEGER NOT NULL,
    subject_id   INTEGER NOT NULL,
    order_key    TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'pending', -- pending, delivered, failed
    tries        INTEGER NOT NULL DEFAULT 0,
    next_at      TEXT    NOT NULL,
    lease_until  TEXT    NOT NULL DEFAULT '',
    last_status  INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT    NOT NULL DEFAULT '',
    created_at   TEXT    NOT NULL,
    delivered_at TEXT
);
CREATE INDEX outbox_pending ON outbox (status, next_at);
CREATE INDEX outbox_order ON outbox (order_key, status, id);
CREATE INDEX outbox_target ON outbox (kind, target_id, id);

-- outbox_tries logs every delivery attempt (the webhook delivery log).
CREATE TABLE outbox_tries (
    outbox_id   INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
    try         INTEGER NOT NULL,
    at          TEXT    NOT NULL,
    status      INTEGER NOT NULL,
    error       TEXT    NOT NULL,
    duration_ms INTEGER NOT NULL,
    PRIMARY KEY (outbox_id, try)
);

-- +goose StatementBegin
CREATE TRIGGER attempts_outbox AFTER INSERT ON attempts
BEGIN
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'ags.score', 'attempt.graded', g.id, NEW.id, 'ags:learner:' || NEW.learner_id, NEW.created_at, NEW.created_at
    FROM lti_grade_targets g JOIN lti_links l ON l.id = g.link_id
    WHERE g.learner_id = NEW.learner_id AND l.question_id = NEW.question_id AND l.can_score = 1 AND l.lineitem_url <> ''
    ORDER BY g.id;
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'webhook', 'attempt.graded', s.id, NEW.id, 'webhook:' || s.id || ':attempt:' || NEW.id, NEW.created_at, NEW.created_at
    FROM webhook_subscriptions s JOIN webhook_events e ON e.subscription_id = s.id
    WHERE e.event = 'attempt.graded' AND s.active = 1
    ORDER BY s.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER learners_outbox AFTER INSERT ON learners
BEGIN
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'webhook', 'learner.created', s.id, NEW.id, 'webhook:' || s.id || ':learner:' || NEW.id, NEW.created_at, NEW.created_at
    FROM webhook_subscriptions s JOIN webhook_events e ON e.subscription_id = s.id
    WHERE e.event = 'learner.created' AND s.active = 1
    ORDER BY s.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER question_versions_outbox AFTER INSERT ON question_versions
BEGIN
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'webhook', 'question.published', s.id, NEW.id, 'webhook:' || s.id || ':version:' || NEW.id, NEW.created_at, NEW.created_at
    FROM webhook_subscriptions s JOIN webhook_events e ON e.subscription_id = s.id
    WHERE e.event = 'question.published' AND s.active = 1
    ORDER BY s.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER question_versions_outbox;
DROP TRIGGER learners_outbox;
DROP TRIGGER attempts_outbox;
DROP TABLE outbox_tries;
DROP TABLE outbox;
DROP TABLE webhook_events;
DROP TABLE webhook_subscriptions;

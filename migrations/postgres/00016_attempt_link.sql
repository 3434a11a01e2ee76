-- An attempt made from an LTI launch records the link launched (via_link_id), and its
-- grade goes to that link's gradebook only.

-- +goose Up
ALTER TABLE attempts ADD COLUMN via_link_id BIGINT;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION attempts_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM lti_grade_targets WHERE learner_id = NEW.learner_id)
       AND NOT EXISTS (SELECT 1 FROM webhook_events WHERE event = 'attempt.graded') THEN
        RETURN NULL;
    END IF;
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'ags.score', 'attempt.graded', g.id, NEW.id, 'ags:learner:' || NEW.learner_id, NEW.created_at, NEW.created_at
    FROM lti_grade_targets g JOIN lti_links l ON l.id = g.link_id
    WHERE g.learner_id = NEW.learner_id AND l.question_id = NEW.question_id AND l.can_score = 1
      AND (l.lineitem_url <> '' OR l.lineitems_url <> '') AND (NEW.via_link_id IS NULL OR l.id = NEW.via_link_id)
    ORDER BY g.id;
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'ags.score', 'set.graded', g.id, NEW.id, 'ags:learner:' || NEW.learner_id, NEW.created_at, NEW.created_at
    FROM lti_grade_targets g JOIN lti_links l ON l.id = g.link_id
    JOIN lti_link_questions lq ON lq.link_id = l.id AND lq.question_id = NEW.question_id
    WHERE g.learner_id = NEW.learner_id AND l.can_score = 1
      AND (l.lineitem_url <> '' OR l.lineitems_url <> '') AND (NEW.via_link_id IS NULL OR l.id = NEW.via_link_id)
    ORDER BY g.id;
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'webhook', 'attempt.graded', s.id, NEW.id, 'webhook:' || s.id || ':attempt:' || NEW.id, NEW.created_at, NEW.created_at
    FROM webhook_subscriptions s JOIN webhook_events e ON e.subscription_id = s.id
    WHERE e.event = 'attempt.graded' AND s.active = 1
    ORDER BY s.id;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION attempts_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM lti_grade_targets WHERE learner_id = NEW.learner_id)
       AND NOT EXISTS (SELECT 1 FROM webhook_events WHERE event = 'attempt.graded') THEN
        RETURN NULL;
    END IF;
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'ags.score', 'attempt.graded', g.id, NEW.id, 'ags:learner:' || NEW.learner_id, NEW.created_at, NEW.created_at
    FROM lti_grade_targets g JOIN lti_links l ON l.id = g.link_id
    WHERE g.learner_id = NEW.learner_id AND l.question_id = NEW.question_id AND l.can_score = 1
      AND (l.lineitem_url <> '' OR l.lineitems_url <> '')
    ORDER BY g.id;
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'ags.score', 'set.graded', g.id, NEW.id, 'ags:learner:' || NEW.learner_id, NEW.created_at, NEW.created_at
    FROM lti_grade_targets g JOIN lti_links l ON l.id = g.link_id
    JOIN lti_link_questions lq ON lq.link_id = l.id AND lq.question_id = NEW.question_id
    WHERE g.learner_id = NEW.learner_id AND l.can_score = 1
      AND (l.lineitem_url <> '' OR l.lineitems_url <> '')
    ORDER BY g.id;
    INSERT INTO outbox (kind, event, target_id, subject_id, order_key, next_at, created_at)
    SELECT 'webhook', 'attempt.graded', s.id, NEW.id, 'webhook:' || s.id || ':attempt:' || NEW.id, NEW.created_at, NEW.created_at
    FROM webhook_subscriptions s JOIN webhook_events e ON e.subscription_id = s.id
    WHERE e.event = 'attempt.graded' AND s.active = 1
    ORDER BY s.id;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
ALTER TABLE attempts DROP COLUMN via_link_id;

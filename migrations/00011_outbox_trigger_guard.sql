-- The outbox trigger of attempts (migration 00009) runs three INSERT ... SELECT with
-- joins for every attempt, a fifth of an attempt's insert cost, although most learners
-- never came through an LMS and most servers have no webhook. The same trigger now
-- first checks, with two index seeks, that one of its inserts could match: a grade
-- target of the learner, or a subscription to attempt.graded.

-- +goose Up
DROP TRIGGER attempts_outbox;
-- +goose StatementBegin
CREATE TRIGGER attempts_outbox AFTER INSERT ON attempts
WHEN EXISTS (SELECT 1 FROM lti_grade_targets WHERE learner_id = NEW.learner_id)
  OR EXISTS (SELECT 1 FROM webhook_events WHERE event = 'attempt.graded')
BEGIN
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
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER attempts_outbox;
-- +goose StatementBegin
CREATE TRIGGER attempts_outbox AFTER INSERT ON attempts
BEGIN
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
END;
-- +goose StatementEnd

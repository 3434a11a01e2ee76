-- +goose Up
-- lti_platforms are the LMS registrations: one row per (issuer, client id).
CREATE TABLE lti_platforms (
    id             INTEGER PRIMARY KEY,
    name           TEXT    NOT NULL,
    issuer         TEXT    NOT NULL,
    client_id      TEXT    NOT NULL,
    deployment_ids TEXT    NOT NULL, -- JSON array of strings
    auth_login_url TEXT    NOT NULL,
    token_url      TEXT    NOT NULL,
    jwks_url       TEXT    NOT NULL,
    token_audience TEXT    NOT NULL DEFAULT '',
    created_at     TEXT    NOT NULL,
    UNIQUE (issuer, client_id)
);

-- lti_tool_keys are the tool's RSA signing keys (PKCS #8 PEM); the newest signs.
CREATE TABLE lti_tool_keys (
    kid         TEXT PRIMARY KEY,
    private_pem TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
CREATE INDEX lti_tool_keys_created ON lti_tool_keys (created_at);

-- lti_states are login initiations waiting for their launch (single use).
CREATE TABLE lti_states (
    state       TEXT    PRIMARY KEY,
    platform_id INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
    nonce       TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);
CREATE INDEX lti_states_created ON lti_states (created_at);

-- lti_nonces are the nonces of accepted id_tokens, kept until the tokens expire.
CREATE TABLE lti_nonces (
    platform_id INTEGER NOT NULL,
    nonce       TEXT    NOT NULL,
    expires_at  TEXT    NOT NULL,
    PRIMARY KEY (platform_id, nonce)
);
CREATE INDEX lti_nonces_expires ON lti_nonces (expires_at);

-- lti_contexts are the courses the tool was launched from.
CREATE TABLE lti_contexts (
    id              INTEGER PRIMARY KEY,
    platform_id     INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
    deployment_id   TEXT    NOT NULL,
    context_id      TEXT    NOT NULL,
    title           TEXT    NOT NULL,
    label           TEXT    NOT NULL,
    memberships_url TEXT    NOT NULL DEFAULT '',
    updated_at      TEXT    NOT NULL,
    UNIQUE (platform_id, deployment_id, context_id)
);

-- lti_links are resource links: a placement of looplab in a course, bound to a question
-- and (with AGS) to a line item of the gradebook.
CREATE TABLE lti_links (
    id               INTEGER PRIMARY KEY,
    platform_id      INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
    deployment_id    TEXT    NOT NULL,
    resource_link_id TEXT    NOT NULL,
    context_ref      INTEGER REFERENCES lti_contexts (id) ON DELETE SET NULL,
    title            TEXT    NOT NULL,
    question_id      INTEGER REFERENCES questions (id),
    lineitem_url     TEXT    NOT NULL DEFAULT '',
    can_score        INTEGER NOT NULL DEFAULT 0,
    updated_at       TEXT    NOT NULL,
    UNIQUE (platform_id, deployment_id, resource_link_id)
);
CREATE INDEX lti_links_question ON lti_links (question_id);

-- lti_grade_targets say which learner launched which link, as which platform user: each
-- graded attempt of that learner at the link's question is sent to the line item.
CREATE TABLE lti_grade_targets (
    id         INTEGER PRIMARY KEY,
    link_id    INTEGER NOT NULL REFERENCES lti_links (id) ON DELETE CASCADE,
    learner_id INTEGER NOT NULL REFERENCES learners (id),
    user_sub   TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    UNIQUE (link_id, learner_id)
);
CREATE INDEX lti_grade_targets_learner ON lti_grade_targets (learner_id);

-- lti_deep_links are deep-linking requests waiting for the instructor's choice.
CREATE TABLE lti_deep_links (
    id              TEXT    PRIMARY KEY,
    platform_id     INTEGER NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
    deployment_id   TEXT    NOT NULL,
    return_url      TEXT    NOT NULL,
    data            TEXT    NOT NULL,
    accept_multiple INTEGER NOT NULL,
    accept_lineitem INTEGER NOT NULL,
    created_at      TEXT    NOT NULL
);

-- +goose Down
DROP TABLE lti_deep_links;
DROP TABLE lti_grade_targets;
DROP TABLE lti_links;
DROP TABLE lti_contexts;
DROP TABLE lti_nonces;
DROP TABLE lti_states;
DROP TABLE lti_tool_keys;
DROP TABLE lti_platforms;

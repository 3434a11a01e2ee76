#!/usr/bin/env python3
"""Adds the issue-5 routes and schemas to api/openapi.json (idempotent).

Run from the repository root: python3 scripts/openapi-issue5.py
The document is rewritten with indent=1, which is how it is kept.
"""
import json

PATH = "api/openapi.json"
doc = json.load(open(PATH))
S = doc["components"]["schemas"]
P = doc["paths"]


def ref(name):
    return {"$ref": "#/components/schemas/" + name}


def problem(desc):
    return {"description": desc, "content": {"application/problem+json": {"schema": ref("Problem")}}}


ERR = {
    "400": problem("Invalid input"),
    "401": problem("Missing or invalid credentials"),
    "403": problem("Not allowed for this role"),
    "404": problem("Not found (or not visible to this principal)"),
    "429": problem("Rate limited"),
    "default": problem("Any other error"),
}


def ok(schema, code="200", desc="OK"):
    r = {code: {"description": desc, "content": {"application/json": {"schema": schema}}}}
    r.update(ERR)
    return r


def id_param(name="id"):
    return {"name": name, "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}


def obj(props, required=None, extra=False):
    o = {"type": "object", "properties": props, "additionalProperties": extra}
    if required is None:
        required = list(props)
    if required:
        o["required"] = required
    return o


nullable_num = {"oneOf": [{"type": "number"}, {"type": "null"}]}
nullable_time = {"oneOf": [{"type": "string", "format": "date-time"}, {"type": "null"}]}

# --- content: sources, label params, kind specs ---------------------------------------
S["Source"] = obj({"seed": {"type": "string"}, "section": {"type": "string"}, "quote": {"type": "string"}},
                  ["seed", "section"])
S["Param"]["properties"]["labels"] = {"type": "array", "items": {"type": "string"}}
S["Param"]["properties"]["count"] = {"type": "integer", "minimum": 0}
S["Param"]["description"] = ("An integer range (min..max), choices, or a list of labels (count of them, "
                             "shuffled by the seed). Fills {{name}}, {{name.json}} and {{name.N}}.")
S["Content"]["properties"]["source"] = ref("Source")
S["Content"]["required"] = [r for r in S["Content"]["required"] if r != "program"]
S["Content"]["properties"]["program"]["description"] = "The program the key is simulated from (an exercise's starting code); conceptual choice questions may leave it empty."
S["Content"]["properties"]["spec"]["description"] = (
    "kind-specific: empty for order; {extract, line, match, job, tolerance, partial_tolerance, unit} for numeric; "
    "{options: [{id, text, correct | fact, misconception, why}], shuffle} for choice and multi-choice; "
    "{ask, at: {step | time_ms | after_line | event, detail, nth}, line, job} for trace; "
    "{checks: [{expr, text, misconception, rule}], solution} for exercise (expr predicates over the simulation)")

# --- grades ---------------------------------------------------------------------------
S["OptionResult"] = obj({"id": {"type": "string"}, "correct": {"type": "boolean"}, "chosen": {"type": "boolean"},
                         "credit": {"type": "number"}, "step": {"type": "integer"}, "why": ref("Text")},
                        ["id", "correct", "chosen", "credit", "why"])
S["CheckResult"] = obj({"text": ref("Text"), "passed": {"type": "boolean"}, "step": {"type": "integer"}},
                       ["text", "passed"])
grade_props = {
    "hints_used": {"type": "integer", "minimum": 0},
    "rule": {"type": "string", "description": "node-semantics.md rule id that decides the first divergence (R-CB2, …)"},
    "rule_text": ref("Text"),
    "misconception_text": ref("Text"),
    "options": {"type": "array", "items": ref("OptionResult")},
    "checks": {"type": "array", "items": ref("CheckResult")},
    "step_link": {"type": "string", "description": "/v1/attempts/{id}/steps/{n}: the step the explanation starts at"},
}
for name in ("Attempt", "AttemptSummary"):
    S[name]["properties"].update(grade_props)
    if "hints_used" not in S[name]["required"]:
        S[name]["required"].append("hints_used")
S["AttemptCreate"]["properties"]["hints_used"] = {"type": "integer", "minimum": 0,
                                                  "description": "how many hints the learner opened (lowers the review grade)"}
S["Variant"]["properties"]["hints"] = {"type": "array", "items": ref("Text"),
                                       "description": "hints unlocked: one more after each attempt that was not correct"}
S["Variant"]["properties"]["hints_total"] = {"type": "integer"}
for r in ("hints", "hints_total"):
    if r not in S["Variant"]["required"]:
        S["Variant"]["required"].append(r)
S["Variant"]["properties"]["presentation"]["description"] = (
    "what the kind shows before answering: {lines} for order, {unit} for numeric, {options, multiple} for choice "
    "kinds, {ask, candidates | phases | threads} for trace, {checks} for exercise, or null")

# --- practice -------------------------------------------------------------------------
S["NextItem"] = obj({
    "question_id": {"type": "integer"}, "slug": {"type": "string"}, "topic": {"type": "string"},
    "kind": {"type": "string"}, "difficulty": {"type": "integer"},
    "reason": {"type": "string", "enum": ["due", "new", "ahead"]},
    "due": nullable_time, "retrievability": nullable_num, "topic_mastery": {"type": "number"}})
S["Next"] = obj({"learner_id": {"type": "integer"}, "items": {"type": "array", "items": ref("NextItem")}})
S["TopicMastery"] = obj({"topic": {"type": "string"}, "mastery": {"type": "number", "minimum": 0, "maximum": 1},
                         "questions": {"type": "integer"}, "attempted": {"type": "integer"}, "due": {"type": "integer"}})
S["Progress"] = obj({
    "learner_id": {"type": "integer"}, "topics": {"type": "array", "items": ref("TopicMastery")},
    "streak_days": {"type": "integer"}, "longest_streak_days": {"type": "integer"},
    "correct_streak": {"type": "integer"}, "reviewed": {"type": "integer"}, "due": {"type": "integer"},
    "now": {"type": "string", "format": "date-time"}})

# --- authoring ------------------------------------------------------------------------
S["PreviewRequest"] = obj({"seed": {"type": "integer"},
                           "values": {"type": "object", "additionalProperties": {"type": "string"}},
                           "params": {"type": "object", "additionalProperties": {"type": "string"},
                                      "description": "an alias of values"}}, [])
S["Preview"] = obj({
    "question_id": {"type": "integer"}, "values": {"type": "object", "additionalProperties": {"type": "string"}},
    "kind": {"type": "string"}, "title": ref("Text"), "prompt": ref("Text"),
    "module": {"type": "string", "enum": ["cjs", "esm"]}, "program": {"type": "string"},
    "presentation": {}, "expected": {}, "deterministic": {"type": "boolean"},
    "outcomes": {"type": "array", "items": {"type": "object"}},
    "hints": {"type": "array", "items": ref("Text")}, "explanation": ref("Text"),
    "console": {"type": "array", "items": {"type": "string"}}, "summary": {"type": "object"},
    "error": {"oneOf": [{"type": "object"}, {"type": "null"}]},
    "trace": {"type": "array", "items": ref("Step")}})
S["AnswerCount"] = obj({"answer": {}, "count": {"type": "integer"}, "mean_score": {"type": "number"}})
S["TagCount"] = obj({"tag": {"type": "string"}, "count": {"type": "integer"}, "text": ref("Text")}, ["tag", "count"])
S["QuestionStats"] = obj({
    "question_id": {"type": "integer"}, "attempts": {"type": "integer"}, "learners": {"type": "integer"},
    "mean_score": {"type": "number"}, "correct": {"type": "integer"}, "partial": {"type": "integer"},
    "incorrect": {"type": "integer"}, "wrong_answers": {"type": "array", "items": ref("AnswerCount")},
    "misconceptions": {"type": "array", "items": ref("TagCount")}})
S["BankFile"] = obj({"path": {"type": "string"}, "content": {"type": "string", "description": "the YAML file"}})
S["BankFiles"] = obj({"files": {"type": "array", "items": ref("BankFile")}})
S["BankImport"] = obj({"files": {"type": "array", "items": ref("BankFile")}, "publish": {"type": "boolean"}}, ["files"])
S["BankImportResult"] = obj({"items": {"type": "array", "items": obj({
    "path": {"type": "string"}, "slug": {"type": "string"}, "question_id": {"type": "integer"},
    "action": {"type": "string", "enum": ["created", "updated", "unchanged"]}, "version": {"type": "integer"}})}})
S["AttemptStep"] = obj({"attempt_id": {"type": "integer"}, "steps": {"type": "integer"}, "step": ref("Step")})

idem = {"name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string", "maxLength": 255},
        "description": "Retry-safe POST: the first successful response is replayed for the same body; another body gets 409."}

P["/v1/learners/{id}/next"] = {"get": {
    "operationId": "getNext", "summary": "What the learner should practise now: due reviews (FSRS), then new questions from the weakest topic",
    "parameters": [id_param(), {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50}}],
    "responses": ok(ref("Next"))}}
P["/v1/learners/{id}/progress"] = {"get": {
    "operationId": "getProgress", "summary": "Mastery per topic, streaks, reviews due",
    "parameters": [id_param()], "responses": ok(ref("Progress"))}}
P["/v1/questions/{id}/preview"] = {"post": {
    "operationId": "previewQuestion", "summary": "Simulate a variant of the working copy: key, outcomes and trace (authors)",
    "parameters": [id_param()],
    "requestBody": {"required": False, "content": {"application/json": {"schema": ref("PreviewRequest")}}},
    "responses": ok(ref("Preview"))}}
P["/v1/questions/{id}/stats"] = {"get": {
    "operationId": "questionStats", "summary": "Attempts, mean score, most common wrong answers and misconception tags (authors)",
    "parameters": [id_param(), {"name": "top", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100}}],
    "responses": ok(ref("QuestionStats"))}}
P["/v1/bank/export"] = {"get": {
    "operationId": "exportBank", "summary": "Every question the caller may see, as bank files (YAML, one per question)",
    "responses": ok(ref("BankFiles"))}}
imp = ok(ref("BankImportResult"))
imp["409"] = problem("Conflict (idempotency key reuse)")
imp["413"] = problem("Body too large")
P["/v1/bank/import"] = {"post": {
    "operationId": "importBank", "summary": "Create or update questions from bank files, all or nothing; publish on request",
    "parameters": [idem],
    "requestBody": {"required": True, "content": {"application/json": {"schema": ref("BankImport")}}},
    "responses": imp}}
P["/v1/attempts/{id}/steps/{n}"] = {"get": {
    "operationId": "getAttemptStep", "summary": "One step of an attempt's trace (the target of step_link)",
    "parameters": [id_param(), id_param("n")], "responses": ok(ref("AttemptStep"))}}

with open(PATH, "w") as f:
    f.write(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")

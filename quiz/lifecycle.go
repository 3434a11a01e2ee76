package quiz

// A question's life after its first publish. What each step does to learners and to
// their attempts (docs/authoring.md says the same for authors):
//
//   - unpublish (published -> unpublished): the question leaves every learner's list,
//     "what is due" and the LMS links that name it (a variant or an answer for it is
//     ENOTFOUND); its versions, the attempts at them and their grades are kept, and a
//     learner still reads their past attempts. Publishing it again lists it again
//     (without a new version when nothing changed).
//   - archive (draft, published or unpublished -> archived): withdrawn as by unpublish,
//     left out of the authors' lists (listed with status=archived) and read-only;
//     restore makes it unpublished (a draft if it was never published) and editable.
//   - delete: a question nobody answered is removed with its versions (its slug is free
//     again); one with attempts is withdrawn for good instead (status deleted): it
//     exists for nobody, its slug is free, and its attempts and grades are kept as
//     unpublish keeps them. A bank question is not deleted: it comes back from the
//     files at the next start; archive it.

// The statuses after the first publish.
const (
	// StatusUnpublished is a question withdrawn from learners by its author; editable,
	// published again at will.
	StatusUnpublished Status = "unpublished"
	// StatusArchived is a question withdrawn and put away: read-only until restored.
	StatusArchived Status = "archived"
	// StatusDeleted is a deleted question whose attempts are kept: it exists for nobody.
	StatusDeleted Status = "deleted"
)

// Statuses lists the statuses an author may filter questions by.
func Statuses() []Status {
	return []Status{StatusDraft, StatusPublished, StatusUnpublished, StatusArchived}
}

// Action is a step in a question's life that only changes its status.
type Action string

// The actions.
const (
	ActionUnpublish Action = "unpublish"
	ActionArchive   Action = "archive"
	ActionRestore   Action = "restore"
)

// Next returns the status the action moves a question to, or ECONFLICT saying why it
// cannot.
func (a Action) Next(q *Question) (Status, error) {
	switch {
	case a == ActionUnpublish && q.Status == StatusPublished:
		return StatusUnpublished, nil
	case a == ActionUnpublish:
		return "", Errorf(ECONFLICT, "Question %d is not published (it is %s): there is nothing to unpublish.", q.ID, q.Status)
	case a == ActionArchive && (q.Status == StatusDraft || q.Status == StatusPublished || q.Status == StatusUnpublished):
		return StatusArchived, nil
	case a == ActionArchive:
		return "", Errorf(ECONFLICT, "Question %d is already %s.", q.ID, q.Status)
	case a == ActionRestore && q.Status == StatusArchived && q.Version == 0:
		return StatusDraft, nil
	case a == ActionRestore && q.Status == StatusArchived:
		return StatusUnpublished, nil
	case a == ActionRestore:
		return "", Errorf(ECONFLICT, "Question %d is not archived (it is %s): there is nothing to restore.", q.ID, q.Status)
	}
	return "", Errorf(EINVALID, "Unknown action %q.", a)
}

// CheckEditable refuses a change to the content of an archived question.
func (q *Question) CheckEditable() error {
	if q.Status == StatusArchived {
		return Errorf(ECONFLICT, "Question %d is archived, so read-only: restore it first (POST /v1/questions/%d/restore).", q.ID, q.ID)
	}
	return nil
}

// Live reports whether learners see the question: listed, due, answerable.
func (s Status) Live() bool { return s == StatusPublished }

package quiz

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Learner is a person practising. Platforms map their own users to learners through
// ExternalID, which is unique.
type Learner struct {
	ID         int64  `json:"id"`
	ExternalID string `json:"external_id"`
	Name       string `json:"name"`
	Locale     string `json:"locale"`
	// Guest marks a learner the practice page made for a visitor without an account
	// (external id "guest:…"): purged once idle, and claimable by a real learner.
	Guest     bool      `json:"guest"`
	CreatedAt time.Time `json:"created_at"`
}

// Locales the content exists in.
const (
	LocaleEN = "en"
	LocaleVI = "vi"
)

// Validate normalises the learner (default locale "en") and reports every invalid field.
func (l *Learner) Validate() error {
	var fe fieldErrors
	l.ExternalID = strings.TrimSpace(l.ExternalID)
	l.Name = strings.TrimSpace(l.Name)
	if l.Locale == "" {
		l.Locale = LocaleEN
	}
	switch {
	case l.ExternalID == "":
		fe.add("external_id", "is required")
	case utf8.RuneCountInString(l.ExternalID) > 200:
		fe.add("external_id", "must be at most 200 characters")
	}
	if utf8.RuneCountInString(l.Name) > 200 {
		fe.add("name", "must be at most 200 characters")
	}
	if l.Locale != LocaleEN && l.Locale != LocaleVI {
		fe.add("locale", "must be en or vi")
	}
	return Invalid("The learner is invalid.", fe)
}

// LearnerFilter selects learners. After is a cursor: only learners with a larger ID.
type LearnerFilter struct {
	ExternalID string
	After      int64
	Limit      int
}

// LearnerService stores learners.
type LearnerService interface {
	// FindLearnerByID returns ENOTFOUND if the learner does not exist.
	FindLearnerByID(ctx context.Context, id int64) (*Learner, error)
	// FindLearners returns at most f.Limit learners in ID order.
	FindLearners(ctx context.Context, f LearnerFilter) ([]*Learner, error)
	// CreateLearner validates l, stores it and sets its ID and CreatedAt. Returns
	// EINVALID or ECONFLICT when the external ID is taken.
	CreateLearner(ctx context.Context, l *Learner) error
}

// GuestService keeps the guest learners: made on demand, seen when they renew their
// token, claimed by a real learner, purged when idle.
type GuestService interface {
	// CreateGuest stores a new guest learner in locale and returns it.
	CreateGuest(ctx context.Context, locale string) (*Learner, error)
	// SeeGuest records that guest id is active now. ENOTFOUND unless id is a guest.
	SeeGuest(ctx context.Context, id int64) error
	// ClaimGuest moves guest's history (attempts, review states) to learner into and
	// deletes the guest, in one transaction: into's attempts at a question come first,
	// then the guest's, renumbered after them; of two review states of a question the
	// more recent one is kept. It returns how many attempts moved. ENOTFOUND unless
	// guest is a guest; EINVALID if into is guest; ENOTFOUND if into does not exist.
	ClaimGuest(ctx context.Context, guest, into int64) (int, error)
	// PurgeGuests deletes the guests that were neither seen nor made an attempt since
	// idleSince, with their history, and returns how many.
	PurgeGuests(ctx context.Context, idleSince time.Time) (int, error)
}

// GuestExternalPrefix starts the external id of every guest learner.
const GuestExternalPrefix = "guest:"

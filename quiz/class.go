package quiz

import (
	"context"
	"crypto/rand"
	"strings"
	"time"
	"unicode/utf8"
)

// Class is a group of learners an instructor teaches together (a course instance): it
// has a join code, learners join it with the code and a name they type (no account, no
// guest limit), and its instructor follows it as a cohort, gives it assessments and
// reads its gradebook.
type Class struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Code is the join code ("ABCD-EFGH"): 8 characters of JoinCodeAlphabet, shown in two
	// groups of four; JoinCode normalises what a learner types.
	Code       string `json:"code"`
	OwnerKeyID int64  `json:"owner_key_id"`
	// JoinOpen says whether learners may join now.
	JoinOpen bool `json:"join_open"`
	// MaxLearners bounds the class's members (a leaked code cannot fill the database).
	MaxLearners int `json:"max_learners"`
	// Learners is how many learners are members (read, not written).
	Learners  int       `json:"learners"`
	CreatedAt time.Time `json:"created_at"`
}

// Class sizes.
const (
	DefaultMaxLearners = 200
	MaxMaxLearners     = 2000
)

// JoinCodeAlphabet is the join codes' characters: capital letters and digits without the
// ones read as one another (0 and O, 1 and I).
const JoinCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// NewJoinCode returns a random join code: 8 characters (40 bits), as "ABCD-EFGH".
func NewJoinCode() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	out := make([]byte, 0, 9)
	for i, x := range b {
		if i == 4 {
			out = append(out, '-')
		}
		out = append(out, JoinCodeAlphabet[int(x)%len(JoinCodeAlphabet)])
	}
	return string(out)
}

// JoinCode normalises a join code as typed (any case, spaces or hyphens anywhere) to the
// stored form "ABCD-EFGH"; ok is false when it cannot be one.
func JoinCode(typed string) (code string, ok bool) {
	var b strings.Builder
	for _, r := range strings.ToUpper(typed) {
		switch {
		case r == ' ' || r == '-' || r == '\t':
		case strings.ContainsRune(JoinCodeAlphabet, r):
			b.WriteRune(r)
		default:
			return "", false
		}
	}
	s := b.String()
	if len(s) != 8 {
		return "", false
	}
	return s[:4] + "-" + s[4:], true
}

// Validate normalises the class (trimmed name) and reports every invalid field.
func (c *Class) Validate() error {
	var fe fieldErrors
	c.Name = strings.TrimSpace(c.Name)
	switch n := utf8.RuneCountInString(c.Name); {
	case n == 0:
		fe.add("name", "is required")
	case n > 120:
		fe.add("name", "must be at most 120 characters")
	}
	if c.MaxLearners < 1 || c.MaxLearners > MaxMaxLearners {
		fe.add("max_learners", "must be between 1 and %d", MaxMaxLearners)
	}
	return Invalid("The class is invalid.", fe)
}

// ClassFilter selects classes, by id ascending after After: OwnerKeyID's (every class
// with All).
type ClassFilter struct {
	OwnerKeyID int64
	All        bool
	After      int64
	Limit      int
}

// ClassMember is a learner of a class and when they joined.
type ClassMember struct {
	*Learner
	JoinedAt time.Time `json:"joined_at"`
}

// ClassService stores classes and their members.
type ClassService interface {
	// CreateClass validates c, gives it a fresh join code and stores it, setting its ID
	// and CreatedAt.
	CreateClass(ctx context.Context, c *Class) error
	// FindClassByID returns ENOTFOUND if there is no such class.
	FindClassByID(ctx context.Context, id int64) (*Class, error)
	// FindClasses returns at most f.Limit classes in ID order.
	FindClasses(ctx context.Context, f ClassFilter) ([]*Class, error)
	// UpdateClass stores c's name, JoinOpen and MaxLearners (validated). ENOTFOUND if
	// there is no such class.
	UpdateClass(ctx context.Context, c *Class) error
	// JoinClass makes learner l a member of the class whose join code is code, in one
	// transaction: a new learner (l.ID 0, stored here: name, locale and a generated
	// external id) or an existing one (l.ID set; joining twice changes nothing). ENOTFOUND
	// when no class has the code; ECONFLICT when the class does not take learners now
	// (joining closed, or full: the message says which, with the limit).
	JoinClass(ctx context.Context, code string, l *Learner) (*Class, error)
	// ClassMembers lists a class's learners in the order they joined.
	ClassMembers(ctx context.Context, classID int64) ([]ClassMember, error)
	// LearnerClasses lists the classes a learner is a member of, in ID order.
	LearnerClasses(ctx context.Context, learnerID int64) ([]*Class, error)
}

// ClassExternalPrefix starts the external id of every learner made by joining a class
// ("class:<class id>:<random>").
const ClassExternalPrefix = "class:"

// ValidateJoinName checks the name a learner types to join a class: what the instructor
// sees in the class's lists and gradebook.
func ValidateJoinName(name string) (string, error) {
	name = strings.TrimSpace(name)
	var fe fieldErrors
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		fe.add("name", "is required: the name your instructor will see")
	case n > 80:
		fe.add("name", "must be at most 80 characters")
	}
	return name, Invalid("Say who you are.", fe)
}

// CanManageClass allows a class's owner (an instructor key) and admins.
func (p Principal) CanManageClass(c *Class) error {
	if p.Role == RoleAdmin || p.Role == RoleInstructor && c.OwnerKeyID == p.KeyID {
		return nil
	}
	return Errorf(ENOTFOUND, "Class %d not found.", c.ID)
}

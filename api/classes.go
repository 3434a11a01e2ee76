package api

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// Classes: an instructor makes a class (POST /v1/classes) and gives its learners the join
// code or the join link; a learner joins with the code and the name they type (POST
// /v1/classes/join, no credential), which makes a learner and its token: no account, and
// not one of the guests an address may make per hour. The class's token lasts as long as
// a guest's and the learner renews it itself (POST /v1/learners/{id}/tokens).

// classView is a class as its instructor sees it, with its join link.
type classView struct {
	*quiz.Class
	// JoinURL is the page that joins the class with its code filled in.
	JoinURL string `json:"join_url"`
}

func (s *Server) viewClass(c *fiber.Ctx, cl *quiz.Class) classView {
	return classView{Class: cl, JoinURL: s.publicURL(c) + "/app/join.html#code=" + cl.Code}
}

type classCreateRequest struct {
	Name        string `json:"name"`
	MaxLearners int    `json:"max_learners,omitempty"` // default quiz.DefaultMaxLearners
}

// handleClassCreate makes a class owned by the caller's key (POST /v1/classes).
func (s *Server) handleClassCreate(c *fiber.Ctx) error {
	p := principal(c)
	if err := p.CanAuthor(); err != nil {
		return err
	}
	var req classCreateRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	cl := &quiz.Class{Name: req.Name, MaxLearners: req.MaxLearners, OwnerKeyID: p.KeyID}
	if cl.MaxLearners == 0 {
		cl.MaxLearners = quiz.DefaultMaxLearners
	}
	if err := s.Classes.CreateClass(c.UserContext(), cl); err != nil {
		return err
	}
	c.Location("/v1/classes/" + itoa(cl.ID))
	return c.Status(fiber.StatusCreated).JSON(s.viewClass(c, cl))
}

// handleClassList lists the caller's classes (every class for an admin; GET /v1/classes).
func (s *Server) handleClassList(c *fiber.Ctx) error {
	p := principal(c)
	if err := p.CanAuthor(); err != nil {
		return err
	}
	limit, after, err := page(c)
	if err != nil {
		return err
	}
	cls, err := s.Classes.FindClasses(c.UserContext(), quiz.ClassFilter{OwnerKeyID: p.KeyID, All: p.Role == quiz.RoleAdmin,
		After: after, Limit: limit + 1})
	if err != nil {
		return err
	}
	views := make([]classView, len(cls))
	for i, cl := range cls {
		views[i] = s.viewClass(c, cl)
	}
	return c.JSON(newList(views, limit, func(v classView) int64 { return v.ID }))
}

// managedClass loads the class of the path that the caller manages (ENOTFOUND otherwise:
// another instructor's class does not exist for them).
func (s *Server) managedClass(c *fiber.Ctx) (*quiz.Class, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return nil, err
	}
	if err := principal(c).CanAuthor(); err != nil {
		return nil, err
	}
	cl, err := s.Classes.FindClassByID(c.UserContext(), id)
	if err != nil {
		return nil, err
	}
	return cl, principal(c).CanManageClass(cl)
}

// handleClassGet returns a class (GET /v1/classes/{id}).
func (s *Server) handleClassGet(c *fiber.Ctx) error {
	cl, err := s.managedClass(c)
	if err != nil {
		return err
	}
	return c.JSON(s.viewClass(c, cl))
}

type classPatchRequest struct {
	Name        *string `json:"name"`
	JoinOpen    *bool   `json:"join_open"`
	MaxLearners *int    `json:"max_learners"`
}

// handleClassPatch renames a class, opens or closes it to new learners, or changes how
// many it takes (PATCH /v1/classes/{id}).
func (s *Server) handleClassPatch(c *fiber.Ctx) error {
	cl, err := s.managedClass(c)
	if err != nil {
		return err
	}
	var req classPatchRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	if req.Name != nil {
		cl.Name = *req.Name
	}
	if req.JoinOpen != nil {
		cl.JoinOpen = *req.JoinOpen
	}
	if req.MaxLearners != nil {
		cl.MaxLearners = *req.MaxLearners
		if cl.MaxLearners < cl.Learners {
			return &quiz.Error{Code: quiz.EINVALID, Message: "The class is invalid.", Fields: []quiz.FieldError{
				{Field: "max_learners", Message: "must be at least the " + itoa(int64(cl.Learners)) + " learners who joined"}}}
		}
	}
	if err := s.Classes.UpdateClass(c.UserContext(), cl); err != nil {
		return err
	}
	return c.JSON(s.viewClass(c, cl))
}

// handleClassLearners lists a class's learners by name, in the order they joined
// (GET /v1/classes/{id}/learners).
func (s *Server) handleClassLearners(c *fiber.Ctx) error {
	cl, err := s.managedClass(c)
	if err != nil {
		return err
	}
	ms, err := s.Classes.ClassMembers(c.UserContext(), cl.ID)
	if err != nil {
		return err
	}
	return c.JSON(map[string]any{"items": ms})
}

type joinRequest struct {
	// Code is the class's join code, as typed (case, spaces and hyphens do not matter).
	Code string `json:"code"`
	// Name is the learner's name, as the instructor will see it.
	Name   string `json:"name"`
	Locale string `json:"locale,omitempty"`
}

type joinView struct {
	Class     classRef      `json:"class"`
	Learner   *quiz.Learner `json:"learner"`
	Token     string        `json:"token"`
	ExpiresAt time.Time     `json:"expires_at"`
}

// classRef is what a learner sees of a class: its id and name.
type classRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// handleClassJoin joins a class with its code and makes the learner and their token
// (POST /v1/classes/join, no credential). A wrong code counts as an invalid credential
// of the client address (LOOPLAB_AUTH_FAILURE_RATE): codes cannot be guessed by
// trying them.
func (s *Server) handleClassJoin(c *fiber.Ctx) error {
	if !s.limit(c, "ip:"+c.IP()) {
		return s.tooMany(c, "from this address")
	}
	failures := "ip:" + c.IP()
	if !s.authFailures.available(failures) {
		return errTooManyCodes
	}
	var req joinRequest
	if err := decodeBody(c, &req); err != nil {
		return err
	}
	code, ok := quiz.JoinCode(req.Code)
	name, nameErr := quiz.ValidateJoinName(req.Name)
	if !ok {
		fe := []quiz.FieldError{{Field: "code", Message: "must be the 8 letters and digits your instructor gave (ABCD-EFGH)"}}
		return &quiz.Error{Code: quiz.EINVALID, Message: "Say which class.", Fields: append(fe, quiz.ErrorFields(nameErr)...)}
	}
	if nameErr != nil {
		return nameErr
	}
	if req.Locale == "" {
		req.Locale = quiz.LocaleEN
	}
	l := &quiz.Learner{Name: name, Locale: req.Locale}
	cl, err := s.Classes.JoinClass(c.UserContext(), code, l)
	if quiz.ErrorCode(err) == quiz.ENOTFOUND {
		s.authFailures.take(failures)
	}
	if err != nil {
		return err
	}
	exp := s.Now().Add(s.guestTTL()).Truncate(time.Second)
	c.Location("/v1/learners/" + itoa(l.ID))
	return c.Status(fiber.StatusCreated).JSON(joinView{Class: classRef{cl.ID, cl.Name}, Learner: l,
		Token: s.Tokens.MintForClass(l.ID, cl.ID, exp), ExpiresAt: exp.UTC()})
}

// errTooManyCodes refuses a join from an address that sent too many wrong codes.
var errTooManyCodes = quiz.Errorf(quiz.ERATELIMITED, "Too many wrong join codes from this address; wait a little and check the code with your instructor.")

// renewClassToken gives a class's learner a fresh token for its own one (POST
// /v1/learners/{id}/tokens with that token).
func (s *Server) renewClassToken(c *fiber.Ctx, p quiz.Principal) error {
	exp := s.Now().Add(s.guestTTL()).Truncate(time.Second)
	return c.Status(fiber.StatusCreated).JSON(tokenView{s.Tokens.MintForClass(p.LearnerID, p.ClassID, exp), p.LearnerID, exp.UTC()})
}

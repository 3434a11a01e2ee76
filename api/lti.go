package api

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/lti"
	"github.com/looplab/looplab/quiz"
)

// The browser-facing LTI endpoints answer with HTML pages, never problem+json: a
// refused step shows a page with its reason code and writes one log line, and creates
// no session.

// handleLTILogin answers a third-party initiated login (GET or POST /lti/login) with a
// redirect to the platform's authorization endpoint.
func (s *Server) handleLTILogin(c *fiber.Ctx) error {
	r := lti.LoginRequest{
		Issuer: formValue(c, "iss"), LoginHint: formValue(c, "login_hint"), TargetLinkURI: formValue(c, "target_link_uri"),
		LTIMessageHint: formValue(c, "lti_message_hint"), ClientID: formValue(c, "client_id"),
		LTIDeploymentID: formValue(c, "lti_deployment_id"),
	}
	authURL, err := s.Integrations.LTI.Login(c.UserContext(), r, s.publicURL(c)+"/lti/launch")
	if err != nil {
		return s.ltiRefused(c, "login", err)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Redirect(authURL, fiber.StatusFound)
}

// handleLTILaunch verifies a launch (POST /lti/launch). A resource-link launch becomes a
// learner token and a redirect to the practice page, with the token in the URL
// fragment (never sent to a server, so never logged); a deep-linking launch opens the
// question picker.
func (s *Server) handleLTILaunch(c *fiber.Ctx) error {
	ctx := c.UserContext()
	tool := s.Integrations.LTI
	l, err := tool.Launch(ctx, formValue(c, "id_token"), formValue(c, "state"), s.publicURL(c)+"/lti/launch")
	if err != nil {
		return s.ltiRefused(c, "launch", err)
	}
	if l.Claims.MessageType == lti.MessageDeepLinking {
		return s.deepLinkPicker(c, l)
	}
	b, err := tool.Bind(ctx, l)
	if err != nil {
		return s.ltiRefused(c, "launch", err)
	}
	exp := s.Now().Add(s.cfg.TokenTTL).Truncate(time.Second)
	frag := url.Values{"token": {s.Tokens.MintForLink(b.LearnerID, b.LinkID, exp)}, "lang": {b.Lang}}
	if len(b.Set) > 0 {
		frag.Set("set", joinIDs(b.Set))
		frag.Set("set_title", b.SetTitle)
	} else {
		frag.Set("question", itoa(b.QuestionID))
	}
	s.Logger.Info("lti launch", "request_id", requestIDOf(c), "platform", l.Platform.ID, "learner", b.LearnerID,
		"question", b.QuestionID, "set_size", len(b.Set))
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set("Referrer-Policy", "no-referrer")
	return c.Redirect("/app/practice#"+frag.Encode(), fiber.StatusSeeOther)
}

// joinIDs writes ids comma-separated.
func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = itoa(id)
	}
	return strings.Join(parts, ",")
}

// deepLinkPicker starts a deep-linking session and shows the published questions and
// their topics.
func (s *Server) deepLinkPicker(c *fiber.Ctx, l *lti.Launch) error {
	ctx := c.UserContext()
	sess, err := s.Integrations.LTI.StartDeepLink(ctx, l)
	if err != nil {
		return s.ltiRefused(c, "deep_link", err)
	}
	qs, err := s.Questions.FindQuestions(ctx, quiz.QuestionFilter{Status: quiz.StatusPublished, OwnerID: -1, PublishedContent: true, Limit: 500})
	if err != nil {
		return s.ltiRefused(c, "deep_link", err)
	}
	lang := lti.PageLanguage(l.Claims.LaunchLocale())
	items := make([]lti.PickerItem, len(qs))
	count := map[string]int{}
	for i, q := range qs {
		items[i] = lti.PickerItem{Slug: q.Slug, Title: q.Content.Title.In(lang), Kind: q.Content.Kind, Topic: q.Content.Topic, Difficulty: q.Content.Difficulty}
		count[q.Content.Topic]++
	}
	topics := make([]lti.PickerTopic, 0, len(count))
	for _, tp := range slices.Sorted(maps.Keys(count)) {
		topics = append(topics, lti.PickerTopic{Topic: tp, Count: count[tp]})
	}
	var buf bytes.Buffer
	if err := lti.PickerPage(&buf, "/lti/deep-link", sess.ID, lang, topics, items, sess.AcceptMultiple); err != nil {
		return err
	}
	return sendPage(c, fiber.StatusOK, buf.Bytes())
}

// handleDeepLinkSubmit turns the instructor's choice into a signed deep-linking response
// and posts it back to the platform (POST /lti/deep-link, from the picker page): one
// item per chosen topic, and one per chosen question, or one for all of them with
// as_set.
func (s *Server) handleDeepLinkSubmit(c *fiber.Ctx) error {
	ctx := c.UserContext()
	launchURL := s.publicURL(c) + "/lti/launch"
	items, err := s.topicItems(ctx, launchURL, postValues(c, "topic"))
	if err != nil {
		return s.ltiRefused(c, "deep_link", err)
	}
	qitems, err := s.questionItems(ctx, launchURL, postValues(c, "question"), formValue(c, "as_set") != "", formValue(c, "set_title"))
	if err != nil {
		return s.ltiRefused(c, "deep_link", err)
	}
	items = append(items, qitems...)
	returnURL, token, err := s.Integrations.LTI.DeepLinkResponse(ctx, formValue(c, "session"), items, deepLinkMessage(len(items)))
	if err != nil {
		return s.ltiRefused(c, "deep_link", err)
	}
	var buf bytes.Buffer
	if err := lti.AutoPostPage(&buf, returnURL, map[string]string{"JWT": token}); err != nil {
		return err
	}
	return sendPage(c, fiber.StatusOK, buf.Bytes())
}

// topicItems makes an item of each chosen topic that has published questions.
func (s *Server) topicItems(ctx context.Context, launchURL string, topics []string) ([]lti.ContentItem, error) {
	var items []lti.ContentItem
	for _, tp := range topics {
		ids, err := s.Integrations.LTI.Store().TopicQuestionIDs(ctx, tp)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 || len(ids) > lti.MaxSetSize {
			return nil, &lti.LaunchError{Reason: lti.ReasonEmptySet, Message: "A chosen topic has no published questions, or too many.", Detail: tp}
		}
		items = append(items, lti.TopicItem(launchURL, tp, len(ids)))
	}
	return items, nil
}

// questionItems makes an item of each chosen question, or, asSet, one item of them all.
func (s *Server) questionItems(ctx context.Context, launchURL string, slugs []string, asSet bool, setTitle string) ([]lti.ContentItem, error) {
	var items []lti.ContentItem
	for _, slug := range slugs {
		id, err := s.Integrations.LTI.Store().QuestionIDBySlug(ctx, slug)
		if err != nil {
			return nil, &lti.LaunchError{Reason: lti.ReasonNoQuestion, Message: "A chosen question does not exist.", Detail: slug}
		}
		v, err := s.grader.Versions.Get(ctx, id)
		if err != nil {
			return nil, &lti.LaunchError{Reason: lti.ReasonNoQuestion, Message: "A chosen question is not published.", Detail: slug}
		}
		title := v.Content.Title.In(quiz.LocaleEN)
		items = append(items, lti.QuestionItem(launchURL, slug, title, v.Content.Prompt.In(quiz.LocaleEN)))
	}
	if !asSet || len(slugs) == 0 {
		return items, nil
	}
	if len(slugs) > lti.MaxSetSize {
		return nil, &lti.LaunchError{Reason: lti.ReasonEmptySet, Message: "A set may have at most " + itoa(lti.MaxSetSize) + " questions.", Detail: itoa(int64(len(slugs)))}
	}
	return []lti.ContentItem{lti.SetItem(launchURL, slugs, setTitle)}, nil
}

// postValues returns every value of a repeated form field, copied.
func postValues(c *fiber.Ctx, name string) []string {
	var out []string
	for _, v := range c.Request().PostArgs().PeekMulti(name) {
		out = append(out, string(v))
	}
	return out
}

func deepLinkMessage(n int) string {
	if n == 1 {
		return "Added 1 looplab item."
	}
	return "Added " + itoa(int64(n)) + " looplab items."
}

// ltiRefused logs a refused LTI step and shows its error page. Errors that are not
// refusals are logged as internal errors and shown as such.
func (s *Server) ltiRefused(c *fiber.Ctx, step string, err error) error {
	var le *lti.LaunchError
	status := fiber.StatusBadRequest
	if !errors.As(err, &le) {
		s.Logger.Error("lti internal error", "request_id", requestIDOf(c), "step", step, "err", err)
		le, status = &lti.LaunchError{Reason: "internal", Message: "looplab had a problem opening this activity. Try again in a moment."}, fiber.StatusInternalServerError
	} else {
		if le.Reason == lti.ReasonNotInstructor {
			status = fiber.StatusForbidden
		}
		s.Logger.Warn("lti refused", "request_id", requestIDOf(c), "step", step, "reason", le.Reason, "detail", le.Detail, "ip", c.IP())
	}
	var buf bytes.Buffer
	if err := lti.ErrorPage(&buf, le); err != nil {
		return err
	}
	return sendPage(c, status, buf.Bytes())
}

// sendPage writes an LTI HTML page with its security headers. The pages are framed by
// the platform, so they set no frame restrictions.
func sendPage(c *fiber.Ctx, status int, body []byte) error {
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set("Content-Security-Policy", lti.PageCSP())
	c.Set("Referrer-Policy", "no-referrer")
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	return c.Status(status).Send(body)
}

// handleLTIJWKS serves the tool's public keys (GET /lti/jwks).
func (s *Server) handleLTIJWKS(c *fiber.Ctx) error {
	set, err := s.Integrations.LTI.JWKS(c.UserContext())
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age="+strconv.Itoa(int(lti.JWKSMaxAge.Seconds())))
	return c.JSON(set)
}

// formValue returns a query or form value, copied (fasthttp reuses its buffers).
func formValue(c *fiber.Ctx, name string) string { return strings.Clone(c.FormValue(name)) }

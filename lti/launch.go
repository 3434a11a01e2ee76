package lti

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/golang-jwt/jwt/v5"
	"github.com/looplab/looplab/quiz"
)

// Launch is a verified LTI message from a registered platform.
type Launch struct {
	Platform *Platform
	Claims   *Claims
}

// Launch verifies an id_token posted to the launch URL with its state. The state is
// kept on the server (single use, bound to the nonce, StateTTL), not in a cookie:
// platforms launch tools in iframes, where browsers block third-party cookies. Every
// refusal is a *LaunchError; the nonce and the state are spent by the attempt either
// way, so a replayed form post is always refused. launchURL is the tool's launch URL
// (the server's public address): the token's target_link_uri must be on its origin.
func (t *Tool) Launch(ctx context.Context, idToken, state, launchURL string) (*Launch, error) {
	if idToken == "" || state == "" {
		return nil, refuse(ReasonMalformed, "The launch request is incomplete.", "id_token set=%t state set=%t", idToken != "", state != "")
	}
	p, claims, err := t.verify(ctx, idToken)
	if err != nil {
		return nil, err
	}
	if err := t.checkOnce(ctx, p, claims, state); err != nil {
		return nil, err
	}
	if err := checkMessage(p, claims, launchURL); err != nil {
		return nil, err
	}
	return &Launch{Platform: p, Claims: claims}, nil
}

// verify finds the registration the token is for and checks its signature, issuer,
// audience, authorized party and times.
func (t *Tool) verify(ctx context.Context, idToken string) (*Platform, *Claims, error) {
	var unverified Claims
	if _, _, err := jwt.NewParser().ParseUnverified(idToken, &unverified); err != nil {
		return nil, nil, refuse(ReasonMalformed, "The launch token is not a JWT.", "%v", err)
	}
	p, err := t.platformFor(ctx, &unverified)
	if err != nil {
		return nil, nil, err
	}
	claims, err := t.parseIDToken(ctx, p, idToken)
	if errors.Is(err, jwt.ErrTokenSignatureInvalid) {
		// The platform may have replaced the key under the same kid: fetch its JWKS
		// once more (at most once a second) before refusing.
		if again, ferr := t.jwks.refresh(ctx, p.JWKSURL); ferr == nil && again {
			claims, err = t.parseIDToken(ctx, p, idToken)
		}
	}
	if err != nil {
		return nil, nil, tokenError(p, err)
	}
	if claims.IssuedAt == nil {
		return nil, nil, refuse(ReasonMissingClaim, "The launch token has no issue time.", "platform %d: no iat", p.ID)
	}
	if len(claims.Audience) > 1 && claims.AZP == "" || claims.AZP != "" && claims.AZP != p.ClientID {
		return nil, nil, refuse(ReasonWrongAudience, "The launch token was issued for another tool.",
			"platform %d: azp %q, client_id %q", p.ID, claims.AZP, p.ClientID)
	}
	return p, claims, nil
}

// parseIDToken verifies an id_token of platform p: RS256 with a key of its JWKS, issuer,
// audience, and times (with the skew).
func (t *Tool) parseIDToken(ctx context.Context, p *Platform, idToken string) (*Claims, error) {
	var claims Claims
	parser := jwt.NewParser(jwt.WithValidMethods([]string{"RS256"}), jwt.WithLeeway(t.cfg.Skew), jwt.WithIssuedAt(),
		jwt.WithExpirationRequired(), jwt.WithIssuer(p.Issuer), jwt.WithAudience(p.ClientID), jwt.WithTimeFunc(t.now))
	_, err := parser.ParseWithClaims(idToken, &claims, func(tok *jwt.Token) (any, error) {
		kid, _ := tok.Header["kid"].(string)
		return t.jwks.key(ctx, p.JWKSURL, kid)
	})
	return &claims, err
}

// platformFor finds the registration of the (unverified) issuer whose client id is in
// the audience (and is the azp, when there is one).
func (t *Tool) platformFor(ctx context.Context, c *Claims) (*Platform, error) {
	ps, err := t.store.FindPlatforms(ctx, c.Issuer)
	if err != nil {
		return nil, err
	}
	if c.Issuer == "" || len(ps) == 0 {
		return nil, refuse(ReasonUnknownPlatform, "This learning platform is not registered with looplab.", "no registration for issuer %q", c.Issuer)
	}
	for _, p := range ps {
		if slices.Contains(c.Audience, p.ClientID) && (c.AZP == "" || c.AZP == p.ClientID) {
			return p, nil
		}
	}
	return nil, refuse(ReasonWrongAudience, "The launch token was issued for another tool.",
		"issuer %q: aud %v azp %q match no registered client_id", c.Issuer, []string(c.Audience), c.AZP)
}

// tokenError turns a jwt validation error into a refusal with its reason.
func tokenError(p *Platform, err error) *LaunchError {
	detail := "platform " + strconv.FormatInt(p.ID, 10) + ": " + err.Error()
	switch {
	case errors.Is(err, jwt.ErrTokenUnverifiable):
		return &LaunchError{ReasonUnknownKey, "The platform's signing key could not be found.", detail}
	case errors.Is(err, jwt.ErrTokenSignatureInvalid):
		return &LaunchError{ReasonBadSignature, "The launch token's signature is not valid.", detail}
	case errors.Is(err, jwt.ErrTokenExpired):
		return &LaunchError{ReasonExpired, "The launch has expired. Go back to the course and open the activity again.", detail}
	case errors.Is(err, jwt.ErrTokenUsedBeforeIssued), errors.Is(err, jwt.ErrTokenNotValidYet):
		return &LaunchError{ReasonNotYetValid, "The launch token is not valid yet (check the clocks).", detail}
	case errors.Is(err, jwt.ErrTokenInvalidAudience):
		return &LaunchError{ReasonWrongAudience, "The launch token was issued for another tool.", detail}
	case errors.Is(err, jwt.ErrTokenInvalidIssuer):
		return &LaunchError{ReasonWrongIssuer, "The launch token comes from another platform.", detail}
	case errors.Is(err, jwt.ErrTokenRequiredClaimMissing):
		return &LaunchError{ReasonMissingClaim, "The launch token lacks a required claim.", detail}
	}
	return &LaunchError{ReasonMalformed, "The launch token is malformed.", detail}
}

// checkOnce spends the nonce and the state: the nonce must never have been used and
// must be the one issued with the state; the state must be unused, young and from this
// platform.
func (t *Tool) checkOnce(ctx context.Context, p *Platform, c *Claims, state string) error {
	if c.Nonce == "" {
		return refuse(ReasonMissingClaim, "The launch token has no nonce.", "platform %d: no nonce", p.ID)
	}
	exp := t.now().Add(t.cfg.StateTTL)
	if c.ExpiresAt != nil && c.ExpiresAt.Add(t.cfg.Skew).After(exp) {
		exp = c.ExpiresAt.Add(t.cfg.Skew)
	}
	if err := t.store.UseNonce(ctx, p.ID, c.Nonce, exp); err != nil {
		if quiz.ErrorCode(err) == quiz.ECONFLICT {
			return refuse(ReasonNonceReplayed, "This launch was used already. Go back to the course and open the activity again.",
				"platform %d: nonce replayed", p.ID)
		}
		return err
	}
	st, err := t.store.ConsumeState(ctx, state)
	if quiz.ErrorCode(err) == quiz.ENOTFOUND {
		return refuse(ReasonBadState, "The launch does not belong to a login started here. Open the activity again from the course.",
			"platform %d: unknown or used state", p.ID)
	}
	if err != nil {
		return err
	}
	switch {
	case st.PlatformID != p.ID:
		return refuse(ReasonBadState, "The launch does not belong to this login.", "state of platform %d used by platform %d", st.PlatformID, p.ID)
	case t.now().Sub(st.CreatedAt) > t.cfg.StateTTL:
		return refuse(ReasonBadState, "The login took too long. Open the activity again from the course.", "state %s old", t.now().Sub(st.CreatedAt))
	case st.Nonce != c.Nonce:
		return refuse(ReasonNonceMismatch, "The launch does not belong to this login.", "platform %d: nonce differs from the state's", p.ID)
	}
	return nil
}

// checkMessage checks the LTI claims: deployment, version, target link (on the origin
// of launchURL), message type and the claims the message type requires.
func checkMessage(p *Platform, c *Claims, launchURL string) error {
	switch {
	case !p.HasDeployment(c.DeploymentID):
		return refuse(ReasonUnknownDeployment, "This deployment of looplab is not registered.", "platform %d: deployment %q", p.ID, c.DeploymentID)
	case c.Version != Version:
		return refuse(ReasonBadVersion, "Only LTI 1.3.0 launches are supported.", "version %q", c.Version)
	case c.TargetLinkURI == "":
		return refuse(ReasonMissingClaim, "The launch has no target link.", "no target_link_uri")
	}
	if err := checkTarget(c.TargetLinkURI, launchURL, "launch"); err != nil {
		return err
	}
	switch c.MessageType {
	case MessageResourceLink:
		if c.ResourceLink == nil || c.ResourceLink.ID == "" {
			return refuse(ReasonMissingClaim, "The launch has no resource link.", "no resource_link.id")
		}
		if c.Subject == "" {
			return refuse(ReasonMissingClaim, "Anonymous launches are not supported: looplab needs to know the learner.", "no sub")
		}
	case MessageDeepLinking:
		if c.DeepLinking == nil || c.DeepLinking.ReturnURL == "" {
			return refuse(ReasonMissingClaim, "The deep-linking request has no return URL.", "no deep_link_return_url")
		}
	default:
		return refuse(ReasonBadMessageType, "This kind of LTI message is not supported.", "message_type %q", c.MessageType)
	}
	return nil
}

// Binding is what a resource-link launch maps to: the learner, and the link's question
// or the set of questions it points to.
type Binding struct {
	LearnerID  int64
	LinkID     int64   // the link launched (its grades go to this link only)
	QuestionID int64   // the link's question; 0 for a set
	Set        []int64 // the set's questions, in order; nil for a single question
	SetTitle   string  // what the practice page calls the set (the topic, or the link's title)
	Lang       string
}

// ExternalID is the learner external id of a platform user: issuer#sub, or a hash of
// it when that is longer than a learner external id may be.
func ExternalID(issuer, sub string) string {
	id := issuer + "#" + sub
	if utf8.RuneCountInString(id) <= 200 {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return "lti#" + hex.EncodeToString(sum[:])
}

// Bind maps a verified resource-link launch: the learner (created on the first launch),
// the context, the link and what it points to (custom parameter "question", a slug or
// an id; "questions", a comma-separated list of them; or "topic"; else what the link
// was bound to before), and the learner's grade target when the launch has a learner
// role (Claims.IsLearner). What the link points to is resolved and checked (it exists,
// is published, the set is not empty) before anything is written, so a refused launch
// creates no learner, context, link or grade target.
func (t *Tool) Bind(ctx context.Context, l *Launch) (*Binding, error) {
	c := l.Claims
	lang := PageLanguage(c.LaunchLocale())
	qid, set, err := t.customTarget(ctx, c.Custom)
	if err != nil {
		return nil, err
	}
	if qid == 0 && set == nil {
		if err := t.checkBound(ctx, l); err != nil {
			return nil, err
		}
	}
	learnerID, _, err := t.learner(ctx, ExternalID(l.Platform.Issuer, c.Subject), c.DisplayName(), lang)
	if err != nil {
		return nil, err
	}
	bound, err := t.store.BindLink(ctx, linkBinding(l, learnerID, qid, set))
	if quiz.ErrorCode(err) == quiz.ENOTFOUND { // the question went away since the check
		return nil, refuse(ReasonNoQuestion, "The question this link points to does not exist (any more).", "%v", err)
	}
	if err != nil {
		return nil, err
	}
	b := &Binding{LearnerID: learnerID, LinkID: bound.LinkID, QuestionID: bound.QuestionID, Set: bound.Set, Lang: lang}
	if len(bound.Set) > 0 {
		b.SetTitle = setTitle(bound.SetKind, bound.SetKey, c.ResourceLink.Title)
	}
	return b, nil
}

// checkBound refuses a launch without custom parameters of a link that is not bound to
// a question or a set, or whose question is not published (any more). A set is kept as
// it was bound (see LinkSet).
func (t *Tool) checkBound(ctx context.Context, l *Launch) error {
	c := l.Claims
	link, err := t.store.FindLink(ctx, l.Platform.ID, c.DeploymentID, c.ResourceLink.ID)
	if err != nil && quiz.ErrorCode(err) != quiz.ENOTFOUND {
		return err
	}
	if err != nil || link.QuestionID == 0 && link.SetKind == "" {
		return refuse(ReasonNoQuestion, "This link is not bound to a looplab question. Ask your instructor to add it again through looplab's question picker.",
			"platform %d link %q: no custom question and none bound before", l.Platform.ID, c.ResourceLink.ID)
	}
	if link.QuestionID != 0 {
		_, err := t.publishedQuestion(ctx, strconv.FormatInt(link.QuestionID, 10), "bound question")
		return err
	}
	return nil
}

// linkBinding is the record of a verified resource-link launch: its context, link, line
// item and, for a launch with a learner role, grade target, bound to the question qid or
// the set (neither: keep).
func linkBinding(l *Launch, learnerID, qid int64, set *LinkSet) LinkBinding {
	c := l.Claims
	b := LinkBinding{PlatformID: l.Platform.ID, DeploymentID: c.DeploymentID, ResourceLinkID: c.ResourceLink.ID,
		LinkTitle: c.ResourceLink.Title, QuestionID: qid, Set: set, LearnerID: learnerID, UserSub: c.Subject, Ungraded: !c.IsLearner()}
	if c.Context != nil {
		b.ContextID, b.ContextTitle, b.ContextLabel = c.Context.ID, c.Context.Title, c.Context.Label
	}
	if c.NRPS != nil {
		b.MembershipsURL = c.NRPS.ContextMembershipsURL
	}
	if c.AGS != nil {
		b.LineItemURL, b.CanScore = c.AGS.LineItem, c.AGS.CanScore()
		if c.AGS.CanCreateLineItem() {
			b.LineItemsURL = c.AGS.LineItems
		}
	}
	return b
}

// customQuestion resolves the custom parameter "question" (a slug or an id) to a
// published question; 0 when it is not set.
func (t *Tool) customQuestion(ctx context.Context, v string) (int64, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, nil
	}
	return t.publishedQuestion(ctx, v, "custom question")
}

// publishedQuestion finds the question ref (a slug or an id) and refuses one that does
// not exist or is not published; what names ref in the log.
func (t *Tool) publishedQuestion(ctx context.Context, ref, what string) (int64, error) {
	q, err := t.store.FindQuestionRef(ctx, ref)
	if quiz.ErrorCode(err) == quiz.ENOTFOUND {
		return 0, refuse(ReasonNoQuestion, "The question this link points to does not exist (any more).", "%s %q not found", what, ref)
	}
	if err != nil {
		return 0, err
	}
	if !q.Published {
		return 0, refuse(ReasonNoQuestion, "The question of this activity is not published.", "%s %q not published", what, ref)
	}
	return q.ID, nil
}

// learner finds or creates the learner of an external id.
func (t *Tool) learner(ctx context.Context, externalID, name, lang string) (id int64, created bool, err error) {
	for range 2 {
		ls, err := t.learners.FindLearners(ctx, quiz.LearnerFilter{ExternalID: externalID, Limit: 1})
		if err != nil {
			return 0, false, err
		}
		if len(ls) > 0 {
			return ls[0].ID, false, nil
		}
		if utf8.RuneCountInString(name) > 200 {
			name = string([]rune(name)[:200])
		}
		l := &quiz.Learner{ExternalID: externalID, Name: name, Locale: lang}
		err = t.learners.CreateLearner(ctx, l)
		if err == nil {
			return l.ID, true, nil
		}
		if quiz.ErrorCode(err) != quiz.ECONFLICT { // a concurrent first launch: find it
			return 0, false, err
		}
	}
	return 0, false, quiz.Errorf(quiz.EINTERNAL, "learner %q: created and not found", externalID)
}

package lti

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// Score is an AGS score (Assignment and Grade Services 2.0, Score publish service).
type Score struct {
	UserID           string  `json:"userId"`
	ScoreGiven       float64 `json:"scoreGiven"`
	ScoreMaximum     float64 `json:"scoreMaximum"`
	ActivityProgress string  `json:"activityProgress"`
	GradingProgress  string  `json:"gradingProgress"`
	Timestamp        string  `json:"timestamp"` // set by DeliverScore (StampFormat)
	Comment          string  `json:"comment,omitempty"`
}

// ScoreMediaType is the media type of a score POST.
const ScoreMediaType = "application/vnd.ims.lis.v1.score+json"

// NewScore returns a completed, fully graded score of a 0..1 credit on a 0..100 scale.
// DeliverScore stamps it.
func NewScore(userID string, credit float64, comment string) Score {
	return Score{UserID: userID, ScoreGiven: percent(credit), ScoreMaximum: 100,
		ActivityProgress: ProgressCompleted, GradingProgress: "FullyGraded", Comment: comment}
}

// ScoreResolution is the resolution of the timestamps of the scores looplab sends:
// whole seconds, the coarsest any platform keeps. Moodle stores a score's timestamp as
// strtotime(timestamp), whole seconds, and refuses a score whose timestamp is not
// strictly later than the one it holds (mod/lti/service/gradebookservices, scores.php:
// "Refusing score with an earlier timestamp", 409); AGS 2.0 §3.4 says a tool must not
// send two scores of one (line item, user) with the same timestamp. Timestamps that
// differ by whole seconds differ at any finer resolution too (Canvas keeps
// milliseconds).
const ScoreResolution = time.Second

// StampFormat is how a score's timestamp is written: ISO 8601 with milliseconds (always
// .000) and an explicit offset, which Moodle's validate_iso8601_date and Canvas's
// Time.iso8601 both read.
const StampFormat = "2006-01-02T15:04:05.000-07:00"

// ScoreStamp is the timestamp of the last score sent to a grade target and the outbox
// message it was sent for, while that message's fate is in doubt (it may have reached
// the platform: no answer came, or a 5xx); Msg is 0 when no score's fate is in doubt.
type ScoreStamp struct {
	At  time.Time
	Msg int64
}

// NextStamp is the timestamp of a new score graded at gradedAt for a grade target whose
// last score was stamped last: the grade's time at ScoreResolution, or one step after
// last when that is not later. Scores of one target are so strictly increasing.
func NextStamp(gradedAt, last time.Time) time.Time {
	t := gradedAt.UTC().Truncate(ScoreResolution)
	if !last.IsZero() && !t.After(last) {
		t = last.Add(ScoreResolution)
	}
	return t
}

// maxRestamps bounds how often one delivery tries a later timestamp after the platform
// refused a score as not newer than the one it holds.
const maxRestamps = 3

// Delivery is how delivering a score ended.
type Delivery struct {
	Status int       // the platform's last HTTP status
	Stamp  time.Time // the timestamp the score was sent with last
	// Held says the platform already held this score: a resend of a score whose first
	// try may have reached it (its answer was lost) was refused as not newer.
	Held bool
	// Restamped counts the later timestamps tried after refusals as not newer.
	Restamped int
	// Note says how it ended when that is not a plain 2xx (empty otherwise).
	Note string
}

// DeliverScore sends the score of outbox message msg, graded at gradedAt, to the grade
// target's line item (found or created first, EnsureLineItem), meeting the platforms'
// ordering rule:
//
//   - The score is stamped NextStamp(gradedAt, the target's last stamp), so the scores
//     of a target are strictly increasing at ScoreResolution. The stamp is stored
//     (Store.StampScore) before the score is sent, with the message, as in doubt.
//   - A retry of a message whose stamp is in doubt sends the same stamp: it is the same
//     score. If the platform refuses it as not newer (IsStale), it holds it already (the
//     first try reached it and its answer was lost): delivered, Held.
//   - A fresh stamp refused as not newer means the platform holds a later timestamp that
//     looplab did not send with this score (a score stamped by an older looplab within
//     the same second, a grade entered by hand, a clock set back): the score is newer
//     than anything looplab sent this target, so it is sent again, at most maxRestamps
//     times, with a later timestamp (one second after the stamp, after now, and after
//     the timestamp the platform names, whichever is latest).
//   - A score the platform answered with a 4xx is not in doubt: the next try stamps anew.
//
// Platform errors are *HTTPError; a 401 drops the cached access token.
func (t *Tool) DeliverScore(ctx context.Context, p *Platform, g *GradeTarget, msg int64, s Score, gradedAt time.Time) (Delivery, error) {
	lineItem, err := t.EnsureLineItem(ctx, p, g)
	if err != nil {
		return Delivery{}, err
	}
	resend := g.Stamp.Msg == msg && !g.Stamp.At.IsZero()
	stamp := g.Stamp.At
	if !resend {
		stamp = NextStamp(gradedAt, g.Stamp.At)
	}
	var d Delivery
	for {
		if err := t.store.StampScore(ctx, g.ID, ScoreStamp{At: stamp, Msg: msg}); err != nil {
			return d, err
		}
		d.Stamp = stamp
		s.Timestamp = stamp.Format(StampFormat)
		err = t.PostScore(ctx, p, lineItem, s)
		he := (*HTTPError)(nil)
		errors.As(err, &he)
		if he != nil {
			d.Status = he.Status
		}
		switch {
		case err == nil:
			d.Status = http.StatusOK
			return d, nil
		case IsStale(err) && resend:
			d.Held = true
			d.Note = "the platform already holds this score (a resend, refused as not newer: " + he.Reason + ")"
			return d, nil
		case IsStale(err) && d.Restamped < maxRestamps:
			d.Restamped++
			stamp = laterStamp(stamp, t.now(), he)
			d.Note = fmt.Sprintf("sent again %d time(s) with a later timestamp after %d %s", d.Restamped, he.Status, he.Reason)
			continue
		case he != nil && he.Status < 500:
			// The platform answered and took nothing: the next try stamps anew.
			if serr := t.store.StampScore(ctx, g.ID, ScoreStamp{At: stamp}); serr != nil {
				return d, serr
			}
		}
		return d, err
	}
}

// IsStale reports whether err is a platform's refusal of a score as not newer than the
// one it holds (HTTPError.Stale).
func IsStale(err error) bool {
	var he *HTTPError
	return errors.As(err, &he) && he.Stale()
}

// heldStampRE finds the timestamp a platform says it holds (Canvas names it).
var heldStampRE = regexp.MustCompile(`last updated timestamp of (\S+)`)

// laterStamp is the timestamp to try after stamp was refused as not newer: one step
// after stamp, after now, and after the timestamp the refusal names, whichever is
// latest.
func laterStamp(stamp, now time.Time, he *HTTPError) time.Time {
	next := stamp.Add(ScoreResolution)
	if n := now.UTC().Truncate(ScoreResolution).Add(ScoreResolution); n.After(next) {
		next = n
	}
	if m := heldStampRE.FindStringSubmatch(he.Reason); m != nil {
		if held, err := time.Parse(time.RFC3339Nano, m[1]); err == nil {
			if h := held.UTC().Truncate(ScoreResolution).Add(ScoreResolution); h.After(next) {
				next = h
			}
		}
	}
	return next
}

// ScoresURL is the score service URL of a line item: "/scores" appended to its path,
// keeping its query.
func ScoresURL(lineItem string) (string, error) {
	u, err := url.Parse(lineItem)
	if err != nil {
		return "", fmt.Errorf("lti: line item URL %q: %w", lineItem, err)
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "/scores"
	u.RawPath = ""
	return u.String(), nil
}

// PostScore posts a score to a line item. A 401 drops the cached token so the next try
// gets a new one.
func (t *Tool) PostScore(ctx context.Context, p *Platform, lineItem string, s Score) error {
	target, err := ScoresURL(lineItem)
	if err != nil {
		return err
	}
	tok, err := t.AccessToken(ctx, p, ScopeScore)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(s)
	_, err = t.call(ctx, http.MethodPost, target, ScoreMediaType, tok, "application/json", bytes.NewReader(body))
	if he, ok := err.(*HTTPError); ok && he.Status == http.StatusUnauthorized {
		t.ForgetToken(p)
	}
	return err
}

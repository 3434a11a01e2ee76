package quiz

import (
	"math"
	"time"
)

// Rating is how well a learner recalled a question at a review (FSRS grades).
type Rating int

// The four FSRS grades.
const (
	Again Rating = 1
	Hard  Rating = 2
	Good  Rating = 3
	Easy  Rating = 4
)

// RatingOf maps a graded attempt to an FSRS grade: Again below half credit; Hard for
// partial credit or full credit reached with hints; Good for full credit without hints.
// Easy is never inferred: a graded answer says whether the learner knew, not how easily.
func RatingOf(score float64, hintsUsed int) Rating {
	switch {
	case score < 0.5:
		return Again
	case score < 1 || hintsUsed > 0:
		return Hard
	}
	return Good
}

// ReviewState is the memory model of one learner for one question (FSRS): how hard the
// question is for them (Difficulty, 1..10), how long the memory lasts (Stability, the
// days until recall probability falls to 90%), and when it is next due.
type ReviewState struct {
	LearnerID  int64     `json:"-"`
	QuestionID int64     `json:"question_id"`
	Difficulty float64   `json:"difficulty"`
	Stability  float64   `json:"stability"`
	Reps       int       `json:"reps"`
	Lapses     int       `json:"lapses"`
	LastRating Rating    `json:"last_rating"`
	LastScore  float64   `json:"last_score"`
	LastReview time.Time `json:"last_review"`
	Due        time.Time `json:"due"`
	// Question is the question reviewed (filled by reads).
	Question QuestionRef `json:"-"`
}

// QuestionRef names a published question.
type QuestionRef struct {
	ID         int64  `json:"question_id"`
	Slug       string `json:"slug"`
	Topic      string `json:"topic"`
	Kind       string `json:"kind"`
	Difficulty int    `json:"difficulty"`
}

// Scheduler is an FSRS-5 scheduler with its 19 weights, aiming at a recall probability
// of DesiredRetention when a question comes due.
type Scheduler struct {
	W                [19]float64
	DesiredRetention float64
	// MaxIntervalDays caps an interval; RelearnDelay is when a lapsed question comes
	// back (the same practice session).
	MaxIntervalDays float64
	RelearnDelay    time.Duration
}

// DefaultScheduler returns FSRS-5's default weights, 90% retention, intervals of at
// most a year, and a lapse back after ten minutes.
func DefaultScheduler() Scheduler {
	return Scheduler{
		W: [19]float64{0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046, 1.54575, 0.1192,
			1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315, 2.9898, 0.51655, 0.6621},
		DesiredRetention: 0.9, MaxIntervalDays: 365, RelearnDelay: 10 * time.Minute,
	}
}

const (
	fsrsDecay  = -0.5
	fsrsFactor = 19.0 / 81 // (0.9^(1/decay) - 1): R = 90% after S days
	day        = 24 * time.Hour
)

// Retrievability is the probability of recalling after elapsed days with stability s.
func Retrievability(elapsedDays, s float64) float64 {
	if s <= 0 {
		return 0
	}
	return math.Pow(1+fsrsFactor*elapsedDays/s, fsrsDecay)
}

// Retrievability returns the recall probability of a reviewed question at now (0 for
// one never reviewed).
func (r *ReviewState) Retrievability(now time.Time) float64 {
	if r == nil || r.Reps == 0 {
		return 0
	}
	return Retrievability(math.Max(0, now.Sub(r.LastReview).Hours()/24), r.Stability)
}

// Review returns the state after a review graded g at now; prev is nil for a question
// never reviewed.
func (s Scheduler) Review(prev *ReviewState, g Rating, score float64, now time.Time) ReviewState {
	g = min(max(g, Again), Easy)
	w := s.W
	next := ReviewState{LastRating: g, LastScore: score, LastReview: now}
	switch {
	case prev == nil || prev.Reps == 0:
		next.Stability = math.Max(w[g-1], 0.1)
		next.Difficulty = s.initDifficulty(g)
	default:
		next.LearnerID, next.QuestionID = prev.LearnerID, prev.QuestionID
		next.Reps, next.Lapses = prev.Reps, prev.Lapses
		next.Difficulty = s.nextDifficulty(prev.Difficulty, g)
		elapsed := now.Sub(prev.LastReview).Hours() / 24
		r := Retrievability(math.Max(0, elapsed), prev.Stability)
		switch {
		case elapsed < 1: // a second review the same day: FSRS-5's short-term stability
			next.Stability = prev.Stability * math.Exp(w[17]*(float64(g)-3+w[18]))
		case g == Again:
			next.Stability = s.forgetStability(prev.Difficulty, prev.Stability, r)
		default:
			next.Stability = s.recallStability(prev.Difficulty, prev.Stability, r, g)
		}
		if g == Again {
			next.Stability = math.Min(next.Stability, prev.Stability)
		}
		next.Stability = math.Max(next.Stability, 0.1)
	}
	if prev != nil {
		next.LearnerID, next.QuestionID = prev.LearnerID, prev.QuestionID
	}
	next.Reps++
	if g == Again {
		if prev != nil && prev.Reps > 0 {
			next.Lapses++
		}
		next.Due = now.Add(s.RelearnDelay)
		return next
	}
	next.Due = now.Add(time.Duration(s.intervalDays(next.Stability) * float64(day)))
	return next
}

// intervalDays is the interval at which recall falls to the desired retention.
func (s Scheduler) intervalDays(stability float64) float64 {
	iv := stability / fsrsFactor * (math.Pow(s.DesiredRetention, 1/fsrsDecay) - 1)
	return math.Min(math.Max(math.Round(iv), 1), s.MaxIntervalDays)
}

func (s Scheduler) initDifficulty(g Rating) float64 {
	return clampD(s.W[4] - math.Exp(s.W[5]*float64(g-1)) + 1)
}

func (s Scheduler) nextDifficulty(d float64, g Rating) float64 {
	delta := -s.W[6] * float64(g-3)
	d2 := d + delta*(10-d)/9 // linear damping
	return clampD(s.W[7]*s.initDifficulty(Easy) + (1-s.W[7])*d2)
}

func (s Scheduler) recallStability(d, st, r float64, g Rating) float64 {
	w := s.W
	hard, easy := 1.0, 1.0
	if g == Hard {
		hard = w[15]
	}
	if g == Easy {
		easy = w[16]
	}
	return st * (math.Exp(w[8])*(11-d)*math.Pow(st, -w[9])*(math.Exp(w[10]*(1-r))-1)*hard*easy + 1)
}

func (s Scheduler) forgetStability(d, st, r float64) float64 {
	w := s.W
	return w[11] * math.Pow(d, -w[12]) * (math.Pow(st+1, w[13]) - 1) * math.Exp(w[14]*(1-r))
}

func clampD(d float64) float64 { return math.Min(math.Max(d, 1), 10) }

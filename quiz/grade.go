package quiz

// Verdict is the outcome of grading one answer.
type Verdict string

// The verdicts: full credit, some credit, none.
const (
	VerdictCorrect   Verdict = "correct"
	VerdictPartial   Verdict = "partial"
	VerdictIncorrect Verdict = "incorrect"
)

// VerdictOf returns the verdict of a score in 0..1.
func VerdictOf(score float64) Verdict {
	switch {
	case score >= 1:
		return VerdictCorrect
	case score > 0:
		return VerdictPartial
	}
	return VerdictIncorrect
}

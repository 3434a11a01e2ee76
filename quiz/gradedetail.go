package quiz

import (
	"encoding/json"
	"fmt"

	"github.com/looplab/looplab/sim"
)

// gradeDetail is a Grade without Score, Verdict and Misconception, which an attempt
// keeps as columns of their own (filters and statistics read them). Its JSON names are
// the Grade's own, so that the encoded object can be spliced into an attempt's JSON.
type gradeDetail struct {
	Divergence        *Divergence     `json:"divergence"`
	Step              int             `json:"step"`
	Explanation       Text            `json:"explanation"`
	Rule              string          `json:"rule,omitempty"`
	RuleText          *Text           `json:"rule_text,omitempty"`
	MisconceptionText *Text           `json:"misconception_text,omitempty"`
	Options           []OptionResult  `json:"options,omitempty"`
	Checks            []CheckResult   `json:"checks,omitempty"`
	ProgramError      *sim.Error      `json:"program_error,omitempty"`
	Expected          json.RawMessage `json:"expected"`
}

// EncodeDetail returns the JSON object of g's details: every field of g's JSON but
// score, verdict and misconception, under the same names. Attempts are stored and
// served in this form (Attempt.Detail). g.Expected is copied in as it is, not
// re-validated as json.Marshal would (it is most of the bytes): it must hold valid JSON,
// as Variant.Revealed's does.
func (g *Grade) EncodeDetail() (json.RawMessage, error) {
	out, err := json.Marshal(gradeDetail{Divergence: g.Divergence, Step: g.Step, Explanation: g.Explanation,
		Rule: g.Rule, RuleText: g.RuleText, MisconceptionText: g.MisconceptionText, Options: g.Options, Checks: g.Checks, ProgramError: g.ProgramError})
	if err != nil {
		return nil, fmt.Errorf("encode grade: %w", err)
	}
	expected := g.Expected
	if expected == nil {
		expected = json.RawMessage("null")
	}
	const nullExpected = `null}`
	out = append(out[:len(out)-len(nullExpected)], expected...) // out ends with "expected":null}
	return append(out, '}'), nil
}

// DecodeDetail sets g's details from EncodeDetail's form and leaves the rest of g alone.
func (g *Grade) DecodeDetail(data []byte) error {
	var d gradeDetail
	if err := json.Unmarshal(data, &d); err != nil {
		return fmt.Errorf("decode grade: %w", err)
	}
	g.Divergence, g.Step, g.Explanation, g.Expected = d.Divergence, d.Step, d.Explanation, d.Expected
	g.Rule, g.RuleText, g.MisconceptionText, g.Options, g.Checks = d.Rule, d.RuleText, d.MisconceptionText, d.Options, d.Checks
	g.ProgramError = d.ProgramError
	return nil
}

package quiz

import (
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Seed derives a learner's variant seed for a question from (learner, question, attempt
// number) with FNV-1a. It fits in 53 bits, so it survives JSON and JavaScript.
func Seed(learnerID, questionID int64, attemptNo int) int64 {
	h := fnv.New64a()
	var b [24]byte
	binary.LittleEndian.PutUint64(b[0:], uint64(learnerID))
	binary.LittleEndian.PutUint64(b[8:], uint64(questionID))
	binary.LittleEndian.PutUint64(b[16:], uint64(attemptNo))
	_, _ = h.Write(b[:])
	return int64(h.Sum64() & (1<<53 - 1))
}

// ParamValue is the value a variant gives one parameter.
type ParamValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Values picks every parameter's value for a seed: the same seed always gives the same
// values. A question without parameters has one variant.
func (c *Content) Values(seed int64) []ParamValue {
	if len(c.Params) == 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0x6c6f6f706c6162)) //nolint:gosec // variants, not secrets
	out := make([]ParamValue, len(c.Params))
	for i, p := range c.Params {
		if len(p.Choices) > 0 {
			out[i] = ParamValue{p.Name, p.Choices[r.IntN(len(p.Choices))]}
			continue
		}
		out[i] = ParamValue{p.Name, strconv.FormatInt(p.Min+r.Int64N(p.Max-p.Min+1), 10)}
	}
	return out
}

// extremeValues returns the lowest and the highest values of every parameter, the two
// variants a content check simulates.
func (c *Content) extremeValues() [][]ParamValue {
	if len(c.Params) == 0 {
		return [][]ParamValue{nil}
	}
	lo, hi := make([]ParamValue, len(c.Params)), make([]ParamValue, len(c.Params))
	for i, p := range c.Params {
		if len(p.Choices) > 0 {
			lo[i], hi[i] = ParamValue{p.Name, p.Choices[0]}, ParamValue{p.Name, p.Choices[len(p.Choices)-1]}
			continue
		}
		lo[i] = ParamValue{p.Name, strconv.FormatInt(p.Min, 10)}
		hi[i] = ParamValue{p.Name, strconv.FormatInt(p.Max, 10)}
	}
	return [][]ParamValue{lo, hi}
}

// valuesKey is the canonical text of a set of values (the variant cache key).
func valuesKey(vals []ParamValue) string {
	var b strings.Builder
	for _, v := range vals {
		b.WriteString(v.Name)
		b.WriteByte('=')
		b.WriteString(v.Value)
		b.WriteByte(0)
	}
	return b.String()
}

// Fill replaces every {{name}} in s by its value.
func Fill(s string, vals []ParamValue) string {
	if len(vals) == 0 || !strings.Contains(s, "{{") {
		return s
	}
	pairs := make([]string, 0, 2*len(vals))
	for _, v := range vals {
		pairs = append(pairs, "{{"+v.Name+"}}", v.Value)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// fillJSON fills the placeholders of a JSON document (a scenario, a spec, an answer).
// A string that is exactly "{{name}}" becomes the value itself when it is a number
// ("at_ms": "{{io}}" gives "at_ms": 93); any other placeholder is filled inside its
// string, escaped, so the document stays valid.
func fillJSON(raw json.RawMessage, vals []ParamValue) json.RawMessage {
	if len(vals) == 0 || !strings.Contains(string(raw), "{{") {
		return raw
	}
	pairs := make([]string, 0, 4*len(vals))
	for _, v := range vals {
		b, _ := json.Marshal(v.Value)
		if _, err := strconv.ParseFloat(v.Value, 64); err == nil {
			pairs = append(pairs, `"{{`+v.Name+`}}"`, v.Value)
		}
		pairs = append(pairs, "{{"+v.Name+"}}", string(b[1:len(b)-1]))
	}
	return json.RawMessage(strings.NewReplacer(pairs...).Replace(string(raw)))
}

func fillText(t Text, vals []ParamValue) Text {
	return Text{EN: Fill(t.EN, vals), VI: Fill(t.VI, vals)}
}

// Instantiate returns the content of the variant with the given values: every
// placeholder filled.
func (c *Content) Instantiate(vals []ParamValue) Content {
	out := *c
	if len(vals) == 0 {
		return out
	}
	out.Title, out.Prompt = fillText(c.Title, vals), fillText(c.Prompt, vals)
	out.Program = Fill(c.Program, vals)
	out.Spec = fillJSON(c.Spec, vals)
	out.Scenario = fillJSON(c.Scenario, vals)
	out.Explanation = fillText(c.Explanation, vals)
	out.Hints = make([]Text, len(c.Hints))
	for i, h := range c.Hints {
		out.Hints[i] = fillText(h, vals)
	}
	out.Misconceptions = make([]Misconception, len(c.Misconceptions))
	for i, m := range c.Misconceptions {
		out.Misconceptions[i] = Misconception{Tag: m.Tag, Answer: fillJSON(m.Answer, vals), Explanation: fillText(m.Explanation, vals)}
	}
	return out
}

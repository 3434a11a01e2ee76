package quiz

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
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
		switch {
		case len(p.Labels) > 0:
			labels := slices.Clone(p.Labels)
			r.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
			out[i] = ParamValue{p.Name, strings.Join(labels[:p.labelCount()], ",")}
		case len(p.Choices) > 0:
			out[i] = ParamValue{p.Name, p.Choices[r.IntN(len(p.Choices))]}
		default:
			out[i] = ParamValue{p.Name, strconv.FormatInt(p.Min+r.Int64N(p.Max-p.Min+1), 10)}
		}
	}
	return out
}

// labelCount is how many labels a list parameter's value holds.
func (p *Param) labelCount() int {
	if p.Count <= 0 || p.Count > len(p.Labels) {
		return len(p.Labels)
	}
	return p.Count
}

// SampleValues returns the values of n seeds spread over the seed space, plus the two
// extremes: the variants a bank test simulates.
func (c *Content) SampleValues(n int) [][]ParamValue {
	out := c.extremeValues()
	if len(c.Params) == 0 {
		return out
	}
	for i := 0; i < n; i++ {
		out = append(out, c.Values(int64(i)*7919+1))
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
		if len(p.Labels) > 0 {
			n := p.labelCount()
			rev := slices.Clone(p.Labels)
			slices.Reverse(rev)
			lo[i], hi[i] = ParamValue{p.Name, strings.Join(p.Labels[:n], ",")}, ParamValue{p.Name, strings.Join(rev[:n], ",")}
			continue
		}
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

// Fill replaces every {{name}} in s by its value, {{name.json}} by its JSON value, and
// {{name.N}} by the N-th element (from 0) of a list value. A list value ("C,A,B")
// fills {{name}} as "C, A, B" and {{name.json}} as ["C","A","B"]. A computed
// placeholder {{= expression}} is replaced by the value of an expr expression over the
// parameters ("{{= gap * 3}}"); one that does not evaluate is left as it is.
func Fill(s string, vals []ParamValue) string {
	if len(vals) == 0 || !strings.Contains(s, "{{") {
		return s
	}
	s = fillComputed(s, vals, false)
	pairs := make([]string, 0, 4*len(vals))
	for _, v := range vals {
		pairs = append(pairs, placeholderPairs(v)...)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// placeholderPairs lists the placeholders of one value and their replacements.
func placeholderPairs(v ParamValue) []string {
	if !strings.Contains(v.Value, ",") {
		js, _ := json.Marshal(v.Value)
		if _, err := strconv.ParseFloat(v.Value, 64); err == nil {
			js = []byte(v.Value)
		}
		return []string{"{{" + v.Name + "}}", v.Value, "{{" + v.Name + ".json}}", string(js), "{{" + v.Name + ".0}}", v.Value}
	}
	items := strings.Split(v.Value, ",")
	js, _ := json.Marshal(items)
	out := []string{"{{" + v.Name + "}}", strings.Join(items, ", "), "{{" + v.Name + ".json}}", string(js)}
	for i, it := range items {
		out = append(out, "{{"+v.Name+"."+strconv.Itoa(i)+"}}", it)
	}
	return out
}

// fillJSON fills the placeholders of a JSON document (a scenario, a spec, an answer).
// A string that is exactly "{{name}}" becomes the value itself when it is a number
// ("at_ms": "{{io}}" gives "at_ms": 93); any other placeholder is filled inside its
// string, escaped, so the document stays valid.
func fillJSON(raw json.RawMessage, vals []ParamValue) json.RawMessage {
	if len(vals) == 0 || !strings.Contains(string(raw), "{{") {
		return raw
	}
	raw = json.RawMessage(fillComputed(string(raw), vals, true))
	pairs := make([]string, 0, 6*len(vals))
	for _, v := range vals {
		if _, err := strconv.ParseFloat(v.Value, 64); err == nil {
			pairs = append(pairs, `"{{`+v.Name+`}}"`, v.Value)
		}
		pp := placeholderPairs(v)
		pairs = append(pairs, `"{{`+v.Name+`.json}}"`, pp[3])
		for i := 0; i < len(pp); i += 2 {
			b, _ := json.Marshal(pp[i+1])
			pairs = append(pairs, pp[i], string(b[1:len(b)-1]))
		}
	}
	return json.RawMessage(strings.NewReplacer(pairs...).Replace(string(raw)))
}

var computedRE = regexp.MustCompile(`("?)\{\{=\s*(.+?)\s*\}\}("?)`)

// fillComputed replaces the computed placeholders of s. In JSON, a string that is only a
// computed placeholder becomes its value (a number stays a number).
func fillComputed(s string, vals []ParamValue, inJSON bool) string {
	if !strings.Contains(s, "{{=") {
		return s
	}
	return computedRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := computedRE.FindStringSubmatch(m)
		v, err := EvalComputed(sub[2], vals)
		if err != nil {
			return m
		}
		if inJSON {
			if sub[1] == `"` && sub[3] == `"` {
				b, _ := json.Marshal(v)
				if _, isNum := v.(float64); isNum {
					return strconv.FormatFloat(v.(float64), 'f', -1, 64)
				}
				return string(b)
			}
			b, _ := json.Marshal(fmt.Sprint(formatComputed(v)))
			return sub[1] + string(b[1:len(b)-1]) + sub[3]
		}
		return sub[1] + formatComputed(v) + sub[3]
	})
}

// EvalComputed evaluates a computed placeholder's expression: numeric parameters are
// numbers, list parameters lists of strings, others strings.
func EvalComputed(src string, vals []ParamValue) (any, error) {
	env := map[string]any{}
	for _, v := range vals {
		switch f, err := strconv.ParseFloat(v.Value, 64); {
		case err == nil:
			env[v.Name] = f
		case strings.Contains(v.Value, ","):
			env[v.Name] = strings.Split(v.Value, ",")
		default:
			env[v.Name] = v.Value
		}
	}
	out, err := expr.Eval(src, env)
	if err != nil {
		return nil, fmt.Errorf("%s", firstLine(err.Error()))
	}
	switch n := out.(type) {
	case int:
		return float64(n), nil
	case int64:
		return float64(n), nil
	}
	return out, nil
}

func formatComputed(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(v)
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
	if c.Source != nil {
		src := *c.Source
		out.Source = &src
	}
	out.Misconceptions = make([]Misconception, len(c.Misconceptions))
	for i, m := range c.Misconceptions {
		out.Misconceptions[i] = Misconception{Tag: m.Tag, Answer: fillJSON(m.Answer, vals), Explanation: fillText(m.Explanation, vals)}
	}
	return out
}

// maxVariantCount saturates variant counts: a question with more variants than this is
// treated as having this many (label permutations grow factorially).
const maxVariantCount = 1 << 53

// VariantCount is how many distinct variants the parameters make: the product, over
// the parameters, of the integers in Min..Max, the choices, or the ordered selections
// of Count labels (saturating at 2^53). A question without parameters has one.
func (c *Content) VariantCount() int64 {
	n := int64(1)
	for _, p := range c.Params {
		n = satMul(n, p.valueCount())
	}
	return n
}

// valueCount is how many values one parameter takes.
func (p *Param) valueCount() int64 {
	switch {
	case len(p.Labels) > 0:
		n := int64(1)
		for i := 0; i < p.labelCount(); i++ {
			n = satMul(n, int64(len(p.Labels)-i))
		}
		return n
	case len(p.Choices) > 0:
		return int64(len(p.Choices))
	}
	return satMul(1, p.Max-p.Min+1)
}

func satMul(a, b int64) int64 {
	if b <= 0 || a <= 0 {
		return 1
	}
	if a > maxVariantCount/b {
		return maxVariantCount
	}
	return a * b
}

// AllValues lists the values of every variant, in a fixed order (the first parameter
// varies slowest; ranges ascending, choices and labels in the order written), or, when
// there are more than limit (limit > 0), limit of them spread evenly over that order,
// the first and the last included. The first is the variant of the lowest values.
func (c *Content) AllValues(limit int) [][]ParamValue {
	total := c.VariantCount()
	if len(c.Params) == 0 {
		return [][]ParamValue{nil}
	}
	n := total
	if limit > 0 && int64(limit) < total {
		n = int64(limit)
	}
	out := make([][]ParamValue, n)
	for i := range n {
		idx := i
		if n < total && n > 1 {
			idx = int64(float64(i) * float64(total-1) / float64(n-1)) // spread, ends included
		}
		out[i] = c.valuesAt(idx)
	}
	return out
}

// valuesAt decodes a variant index (mixed radix, the last parameter fastest).
func (c *Content) valuesAt(idx int64) []ParamValue {
	vals := make([]ParamValue, len(c.Params))
	for i := len(c.Params) - 1; i >= 0; i-- {
		p := &c.Params[i]
		radix := p.valueCount()
		vals[i] = ParamValue{p.Name, p.valueAt(idx % radix)}
		idx /= radix
	}
	return vals
}

// valueAt is the k-th value of a parameter: Min+k, the k-th choice, or the k-th ordered
// selection of labels (lexicographic by label position).
func (p *Param) valueAt(k int64) string {
	switch {
	case len(p.Labels) > 0:
		rest := slices.Clone(p.Labels)
		n := p.labelCount()
		picked := make([]string, 0, n)
		for i := 0; i < n; i++ {
			block := int64(1) // selections of the remaining positions
			for j := 1; j < n-i; j++ {
				block = satMul(block, int64(len(rest)-j))
			}
			at := k / block
			k %= block
			picked = append(picked, rest[at])
			rest = slices.Delete(rest, int(at), int(at)+1)
		}
		return strings.Join(picked, ",")
	case len(p.Choices) > 0:
		return p.Choices[k]
	}
	return strconv.FormatInt(p.Min+k, 10)
}

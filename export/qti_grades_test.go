package export_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQTIGradesAsLooplab exports every variant of every question as a QTI 3.0 package
// and scores every class of answer a learner can give each item by the item's own
// response processing, run by qtiItem below (QTI 3.0's rules for the expressions the
// export uses), and by looplab: orders (every order up to 6 lines; swaps, moves, the
// reverse and shuffles beyond), queues (the key, each variation of it, every pick of up
// to three labels, shuffled picks), every option or set of options of a choice,
// numbers at and around each tolerance. The two scores are equal. Exercises are scored
// by a person and not compared.
func TestQTIGradesAsLooplab(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	ctx := context.Background()
	items, _, err := export.Build(ctx, engine, qs, export.Options{Lang: "en"})
	require.NoError(t, err)
	files := qtiPackage(t, items)
	compared, mismatches := map[string]int{}, 0
	for i := range items {
		it := &items[i]
		if it.Exercise != nil {
			continue
		}
		item := parseQTIItem(t, files["items/"+it.ID()+".xml"])
		check := func(kind string, response qtiValue, answer any) {
			t.Helper()
			raw, err := json.Marshal(answer)
			require.NoError(t, err)
			if a, ok := answer.(json.RawMessage); ok {
				raw = a
			}
			g, err := engine.GradeVariant(ctx, it.Variant, raw)
			if quiz.ErrorCode(err) == quiz.EANSWER {
				return // looplab refuses it: no answer to compare
			}
			require.NoError(t, err, "%s: %s", it.ID(), raw)
			score, err := item.score(response)
			require.NoError(t, err, "%s: %s", it.ID(), raw)
			compared[kind]++
			if math.Abs(score-g.Score) > 1e-9 {
				if mismatches++; mismatches <= 20 {
					t.Errorf("%s (%s): answer %s: looplab %.4f, QTI %.4f", it.ID(), kind, raw, g.Score, score)
				}
			}
		}
		switch {
		case len(it.Order) > 0:
			for _, perm := range orderResponses(len(item.choices), uint64(i)) {
				ids, lines := item.pick(perm)
				check("order", qtiValue{kind: qtiOrdered, strs: ids}, lines)
			}
		case it.Queue != nil && len(it.Queue.Candidates) > 0:
			for _, pick := range queueResponses(item, it.Queue.Key, uint64(i)) {
				ids, labels := item.pick(pick)
				check("queue", qtiValue{kind: qtiOrdered, strs: ids}, labels)
			}
		case it.Number != nil:
			for _, v := range numberResponses(it.Number) {
				if it.Number.Integer && v != math.Trunc(v) {
					continue
				}
				check("number", qtiValue{kind: qtiNumber, num: v}, v)
			}
		default:
			require.Len(t, item.choices, len(it.Options), it.ID())
			answerOf := func(j int) any {
				if a := it.Options[j].Answer; a != nil {
					return a
				}
				return it.Options[j].ID
			}
			if !it.Multiple {
				for j, c := range item.choices {
					check("choice", qtiValue{kind: qtiSingle, strs: []string{c.id}}, answerOf(j))
				}
				continue
			}
			for _, chosen := range subsets(len(item.choices)) {
				var ids, answer []string
				for _, j := range chosen {
					ids = append(ids, item.choices[j].id)
					answer = append(answer, it.Options[j].ID)
				}
				check("multiple choice", qtiValue{kind: qtiMultiple, strs: ids}, answer)
			}
		}
	}
	assert.Zero(t, mismatches, "answers scored differently")
	for _, kind := range []string{"order", "queue", "choice", "multiple choice", "number"} {
		assert.Positive(t, compared[kind], kind)
	}
	t.Logf("%d items scored with %v answers in both", len(items), compared)
}

// queueResponses are the picks (indices into the item's choices, in the learner's
// order) of a queue item: nothing, the key, the key with two neighbours swapped, one
// label left out, one label added anywhere, reversed; every pick of up to three labels
// (of at most eight candidates; else 300 of them); and 100 shuffled picks of any length.
func queueResponses(item *qtiItem, key []string, seed uint64) [][]int {
	index := map[string]int{}
	for i, c := range item.choices {
		index[c.text] = i
	}
	var k []int
	for _, l := range key {
		k = append(k, index[l])
	}
	out := [][]int{{}, k}
	rev := slices.Clone(k)
	slices.Reverse(rev)
	out = append(out, rev)
	for i := range k {
		out = append(out, slices.Delete(slices.Clone(k), i, i+1))
		if i+1 < len(k) {
			w := slices.Clone(k)
			w[i], w[i+1] = w[i+1], w[i]
			out = append(out, w)
		}
	}
	for c := range item.choices {
		if slices.Contains(k, c) {
			continue
		}
		for at := 0; at <= len(k); at++ {
			out = append(out, slices.Insert(slices.Clone(k), at, c))
		}
	}
	n := len(item.choices)
	var picks func(prefix []int)
	picks = func(prefix []int) {
		out = append(out, slices.Clone(prefix))
		if len(prefix) == 3 {
			return
		}
		for c := range n {
			if !slices.Contains(prefix, c) {
				picks(append(prefix, c))
			}
		}
	}
	r := rand.New(rand.NewPCG(seed, 2))
	if n <= 8 {
		picks(nil)
	}
	for range 100 {
		p := r.Perm(n)
		out = append(out, p[:r.IntN(n+1)])
	}
	return out
}

// pick returns the identifiers and the texts of the item's choices at indices.
func (q *qtiItem) pick(indices []int) (ids, texts []string) {
	ids, texts = []string{}, []string{}
	for _, i := range indices {
		ids = append(ids, q.choices[i].id)
		texts = append(texts, q.choices[i].text)
	}
	return ids, texts
}

// qtiItem is a QTI 3.0 item as far as scoring goes: its response declaration, outcome
// declarations, choices and response processing, which score runs.
type qtiItem struct {
	base, cardinality string
	correct           []string
	mapping           *qtiMapping
	defaults          map[string]qtiValue // the outcomes' default values
	choices           []qtiChoice
	processing        *xnode
}

type qtiChoice struct{ id, text string }

type qtiMapping struct {
	def, lower, upper float64
	entries           map[string]float64
}

// xnode is an XML element.
type xnode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []xnode    `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *xnode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *xnode) walk(fn func(*xnode)) {
	fn(n)
	for i := range n.Nodes {
		n.Nodes[i].walk(fn)
	}
}

func parseQTIItem(t *testing.T, data []byte) *qtiItem {
	t.Helper()
	require.NotEmpty(t, data)
	var root xnode
	require.NoError(t, xml.Unmarshal(data, &root))
	q := &qtiItem{defaults: map[string]qtiValue{}}
	root.walk(func(n *xnode) {
		switch n.XMLName.Local {
		case "qti-response-declaration":
			q.base, q.cardinality = n.attr("base-type"), n.attr("cardinality")
			n.walk(func(c *xnode) {
				switch c.XMLName.Local {
				case "qti-correct-response":
					for _, v := range c.Nodes {
						q.correct = append(q.correct, v.Text)
					}
				case "qti-mapping":
					q.mapping = &qtiMapping{def: number(c.attr("default-value")), lower: math.Inf(-1), upper: math.Inf(1), entries: map[string]float64{}}
					if v := c.attr("lower-bound"); v != "" {
						q.mapping.lower = number(v)
					}
					if v := c.attr("upper-bound"); v != "" {
						q.mapping.upper = number(v)
					}
					for _, e := range c.Nodes {
						q.mapping.entries[e.attr("map-key")] = number(e.attr("mapped-value"))
					}
				}
			})
		case "qti-outcome-declaration":
			v := qtiValue{kind: qtiNull}
			n.walk(func(c *xnode) {
				if c.XMLName.Local == "qti-value" {
					v = qtiValue{kind: qtiNumber, num: number(c.Text)}
				}
			})
			q.defaults[n.attr("identifier")] = v
		case "qti-simple-choice":
			text := n.Text
			if len(n.Nodes) == 1 && n.Nodes[0].XMLName.Local == "pre" {
				text = n.Nodes[0].Text
			}
			q.choices = append(q.choices, qtiChoice{n.attr("identifier"), text})
		case "qti-response-processing":
			q.processing = n
		}
	})
	require.NotNil(t, q.processing)
	return q
}

func number(s string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		panic(fmt.Sprintf("not a number: %q", s))
	}
	return f
}

// qtiValue is a value of QTI's response processing: NULL, a boolean, a number, or
// identifiers (a single one, or an ordered or multiple container).
type qtiValue struct {
	kind int
	b    bool
	num  float64
	strs []string
}

const (
	qtiNull = iota
	qtiBool
	qtiNumber
	qtiSingle
	qtiOrdered
	qtiMultiple
)

// score runs the item's response processing on response and returns SCORE.
func (q *qtiItem) score(response qtiValue) (float64, error) {
	if (response.kind == qtiOrdered || response.kind == qtiMultiple) && len(response.strs) == 0 {
		response = qtiValue{kind: qtiNull} // an empty container is NULL
	}
	r := &qtiRun{item: q, response: response, outcomes: map[string]qtiValue{}}
	for k, v := range q.defaults {
		r.outcomes[k] = v
	}
	if err := r.rules(q.processing.Nodes); err != nil {
		return 0, err
	}
	s := r.outcomes["SCORE"]
	if s.kind != qtiNumber {
		return 0, fmt.Errorf("SCORE is not a number: %+v", s)
	}
	return s.num, nil
}

// qtiRun is one run of an item's response processing.
type qtiRun struct {
	item     *qtiItem
	response qtiValue
	outcomes map[string]qtiValue
}

func (r *qtiRun) rules(nodes []xnode) error {
	for i := range nodes {
		n := &nodes[i]
		switch n.XMLName.Local {
		case "qti-set-outcome-value":
			v, err := r.eval(&n.Nodes[0])
			if err != nil {
				return err
			}
			r.outcomes[n.attr("identifier")] = v
		case "qti-response-condition":
			if err := r.condition(n); err != nil {
				return err
			}
		default:
			return fmt.Errorf("rule %s is not run here", n.XMLName.Local)
		}
	}
	return nil
}

// condition runs the rules of the first branch whose expression is true (NULL is not).
func (r *qtiRun) condition(n *xnode) error {
	for i := range n.Nodes {
		b := &n.Nodes[i]
		if b.XMLName.Local == "qti-response-else" {
			return r.rules(b.Nodes)
		}
		v, err := r.eval(&b.Nodes[0])
		if err != nil {
			return err
		}
		if v.kind == qtiBool && v.b {
			return r.rules(b.Nodes[1:])
		}
	}
	return nil
}

func (r *qtiRun) eval(n *xnode) (qtiValue, error) {
	args := make([]qtiValue, len(n.Nodes))
	null := false
	for i := range n.Nodes {
		v, err := r.eval(&n.Nodes[i])
		if err != nil {
			return v, err
		}
		args[i], null = v, null || v.kind == qtiNull
	}
	boolean := func(b bool) (qtiValue, error) { return qtiValue{kind: qtiBool, b: b}, nil }
	numberOf := func(f float64) (qtiValue, error) { return qtiValue{kind: qtiNumber, num: f}, nil }
	nullable := map[string]bool{"qti-is-null": true, "qti-container-size": true}
	if null && !nullable[n.XMLName.Local] {
		return qtiValue{kind: qtiNull}, nil
	}
	switch n.XMLName.Local {
	case "qti-variable":
		if n.attr("identifier") == "RESPONSE" {
			return r.response, nil
		}
		v, ok := r.outcomes[n.attr("identifier")]
		if !ok {
			return v, fmt.Errorf("no variable %s", n.attr("identifier"))
		}
		return v, nil
	case "qti-base-value":
		switch n.attr("base-type") {
		case "integer", "float":
			return numberOf(number(n.Text))
		}
		return qtiValue{kind: qtiSingle, strs: []string{n.Text}}, nil
	case "qti-correct":
		switch {
		case r.item.cardinality == "ordered":
			return qtiValue{kind: qtiOrdered, strs: r.item.correct}, nil
		case r.item.cardinality == "multiple":
			return qtiValue{kind: qtiMultiple, strs: r.item.correct}, nil
		case r.item.base == "float" || r.item.base == "integer":
			return numberOf(number(r.item.correct[0]))
		}
		return qtiValue{kind: qtiSingle, strs: r.item.correct}, nil
	case "qti-map-response":
		m := r.item.mapping
		sum := 0.0
		seen := map[string]bool{}
		for _, s := range r.response.strs {
			if !seen[s] {
				seen[s] = true
				if f, ok := m.entries[s]; ok {
					sum += f
				} else {
					sum += m.def
				}
			}
		}
		return numberOf(min(max(sum, m.lower), m.upper))
	case "qti-match":
		a, b := args[0], args[1]
		if a.kind == qtiNumber {
			return boolean(a.num == b.num)
		}
		if a.kind == qtiMultiple {
			x, y := slices.Sorted(slices.Values(a.strs)), slices.Sorted(slices.Values(b.strs))
			return boolean(slices.Equal(x, y))
		}
		return boolean(slices.Equal(a.strs, b.strs))
	case "qti-equal":
		if n.attr("tolerance-mode") != "absolute" {
			return boolean(args[0].num == args[1].num)
		}
		tol := strings.Fields(n.attr("tolerance"))
		lo, hi := number(tol[0]), number(tol[len(tol)-1])
		x, y := args[0].num, args[1].num
		return boolean(x >= y-lo && x <= y+hi)
	case "qti-is-null":
		return boolean(args[0].kind == qtiNull)
	case "qti-not":
		return boolean(!args[0].b)
	case "qti-gte":
		return boolean(args[0].num >= args[1].num)
	case "qti-index":
		i, err := strconv.Atoi(n.attr("n"))
		if err != nil || args[0].kind != qtiOrdered {
			return qtiValue{}, fmt.Errorf("qti-index n=%q of %+v", n.attr("n"), args[0])
		}
		if i < 1 || i > len(args[0].strs) {
			return qtiValue{kind: qtiNull}, nil
		}
		return qtiValue{kind: qtiSingle, strs: []string{args[0].strs[i-1]}}, nil
	case "qti-container-size":
		return numberOf(float64(len(args[0].strs)))
	case "qti-sum":
		sum := 0.0
		for _, a := range args {
			sum += a.num
		}
		return numberOf(sum)
	case "qti-max":
		m := math.Inf(-1)
		for _, a := range args {
			m = max(m, a.num)
		}
		return numberOf(m)
	case "qti-divide":
		if args[1].num == 0 {
			return qtiValue{kind: qtiNull}, nil
		}
		return numberOf(args[0].num / args[1].num)
	}
	return qtiValue{}, fmt.Errorf("expression %s is not run here", n.XMLName.Local)
}

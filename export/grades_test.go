package export_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"testing"

	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Moodle's grading of the question types looplab exports, as Moodle 5.1's source has it
// (question/type/*/question.php, grade_response), for TestExportsGradeAsLooplab.
// scripts/moodle/grades.php grades the same answers in a real Moodle.

// moodleMultichoice grades the chosen answers (indices into q.Answers) of a multichoice
// question: one answer scores its fraction (qtype_multichoice_single_question); several
// score the sum of theirs, within [0, 1] (qtype_multichoice_multi_question).
func moodleMultichoice(q mQuestion, chosen []int) float64 {
	sum := 0.0
	for _, i := range chosen {
		sum += moodleFraction(q.Answers[i].Fraction)
	}
	if q.Single == "true" {
		return sum
	}
	return min(max(sum, 0), 1)
}

// moodleFraction is an answer's fraction as Moodle stores it (seven decimals).
func moodleFraction(percent string) float64 {
	f, _ := strconv.ParseFloat(percent, 64)
	return math.Round(f*1e5) / 1e7
}

// moodleOrdering grades a response (indices into q.Answers, in the learner's order) of
// an ordering question whose answers are in the right order, by its grading type:
// LONGEST_ORDERED_SUBSET and LONGEST_CONTIGUOUS_SUBSET are qtype_ordering_question::
// get_ordered_subset, ported line by line (a subset of one item counts as none).
func moodleOrdering(q mQuestion, response []int) float64 {
	contiguous := q.GradingType == "LONGEST_CONTIGUOUS_SUBSET"
	if !contiguous && q.GradingType != "LONGEST_ORDERED_SUBSET" {
		panic("grading type " + q.GradingType)
	}
	positions := response // the answers are in the right order: an index is a position
	var subsets [][]int
	for p, value := range positions {
		isNew := true
		var fresh [][]int
		for s := range subsets {
			end := positions[subsets[s][len(subsets[s])-1]]
			switch {
			case value == end+1:
				isNew = false
				subsets[s] = append(subsets[s], p)
			case contiguous:
			case value > end:
				isNew = false
				fresh = append(fresh, slices.Clone(subsets[s]))
				subsets[s] = append(subsets[s], p)
			}
		}
		if isNew {
			fresh = append(fresh, []int{p})
		}
		subsets = append(subsets, fresh...)
	}
	best := 0
	for _, s := range subsets {
		if len(s) > max(best, 1) {
			best = len(s)
		}
	}
	return float64(best) / float64(len(response))
}

// moodleNumerical grades a number: the first answer (in the file's order) whose nominal
// tolerance holds it (qtype_numerical_answer::get_tolerance_interval, PHP's precision 14),
// "*" holding any.
func moodleNumerical(q mQuestion, value float64) float64 {
	const epsilon = 1e-14
	for _, a := range q.Answers {
		if a.Text != "*" {
			answer, _ := strconv.ParseFloat(a.Text, 64)
			tol, _ := strconv.ParseFloat(a.Tolerance, 64)
			tol += epsilon * max(math.Abs(tol), math.Abs(answer), epsilon)
			if value < answer-tol || value > answer+tol {
				continue
			}
		}
		return moodleFraction(a.Fraction)
	}
	return 0
}

// gradeCase is one answer to one exported question: the response as Moodle takes it
// (answer indices in the file's order, or a number) and the credit looplab gives it.
type gradeCase struct {
	IDNumber string  `json:"idnumber"`
	Type     string  `json:"type"`
	Response []int   `json:"response,omitempty"`
	Number   *string `json:"number,omitempty"`
	Looplab  float64 `json:"looplab"`
}

// orderResponses are the orders a learner can give of n lines: every one for n <= 6;
// beyond, every swap and move of one line, the reverse, and 200 shuffles.
func orderResponses(n int, seed uint64) [][]int {
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	var out [][]int
	if n <= 6 {
		var rec func(k int)
		rec = func(k int) {
			if k == n {
				out = append(out, slices.Clone(id))
				return
			}
			for i := k; i < n; i++ {
				id[k], id[i] = id[i], id[k]
				rec(k + 1)
				id[k], id[i] = id[i], id[k]
			}
		}
		rec(0)
		return out
	}
	for i := range n {
		for j := range n {
			w := slices.Delete(slices.Clone(id), i, i+1)
			out = append(out, slices.Insert(w, j, i))
			w = slices.Clone(id)
			w[i], w[j] = w[j], w[i]
			out = append(out, w)
		}
	}
	rev := slices.Clone(id)
	slices.Reverse(rev)
	out = append(out, rev)
	r := rand.New(rand.NewPCG(seed, 1))
	for range 200 {
		w := slices.Clone(id)
		r.Shuffle(n, func(i, j int) { w[i], w[j] = w[j], w[i] })
		out = append(out, w)
	}
	return out
}

// subsets are every set of the indices 0..n-1 (n <= 12 options).
func subsets(n int) [][]int {
	var out [][]int
	for m := 0; m < 1<<n; m++ {
		var s []int
		for i := range n {
			if m&(1<<i) != 0 {
				s = append(s, i)
			}
		}
		out = append(out, s)
	}
	return out
}

// numberResponses are numbers around a numeric key: the key, the edges of its tolerance
// and its partial tolerance and beyond them on both sides, and the misconceptions.
func numberResponses(n *export.Number) []float64 {
	out := []float64{n.Value}
	for _, d := range []float64{n.Tolerance, n.Tolerance * 1.5, n.PartialTolerance, n.PartialTolerance + 1, n.Tolerance + 1, 1000} {
		out = append(out, n.Value+d, n.Value-d)
	}
	if n.PartialTolerance > n.Tolerance {
		out = append(out, n.Value+(n.Tolerance+n.PartialTolerance)/2)
	}
	for _, m := range n.Misconceptions {
		f, _ := strconv.ParseFloat(m.Text, 64)
		out = append(out, f)
	}
	return out
}

// TestExportsGradeAsLooplab exports every variant of every question as Moodle XML and
// grades every class of answer a learner can give it, in Moodle (its rules above) and in
// looplab: orders (every order up to 6 lines; swaps, moves, the reverse and shuffles
// beyond), every option of a one-answer choice, every set of options of a
// multiple-answer one, numbers at and around each tolerance. The two credits are equal
// (to Moodle's seven decimals). Essays are graded by the teacher and not compared.
// With LOOPLAB_MOODLE_CASES=DIR the exported file (DIR/bank.xml) and the cases
// (DIR/cases.jsonl, one JSON object a line) are written there, for
// scripts/moodle/grades.php to grade in a real Moodle.
func TestExportsGradeAsLooplab(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	items, out, file := exportMoodle(t, engine, qs, export.Options{Lang: "en"})
	var cases *json.Encoder
	if dir := os.Getenv("LOOPLAB_MOODLE_CASES"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "bank.xml"), file, 0o644))
		f, err := os.Create(filepath.Join(dir, "cases.jsonl"))
		require.NoError(t, err)
		w := bufio.NewWriter(f)
		defer func() { require.NoError(t, w.Flush()); require.NoError(t, f.Close()) }()
		cases = json.NewEncoder(w)
	}
	ctx := context.Background()
	compared, mismatches := map[string]int{}, 0
	check := func(it *export.Item, q mQuestion, answer any, moodle float64, c gradeCase) {
		raw, _ := json.Marshal(answer)
		if a, ok := answer.(json.RawMessage); ok {
			raw = a
		}
		g, err := engine.GradeVariant(ctx, it.Variant, raw)
		if quiz.ErrorCode(err) == quiz.EANSWER {
			return // looplab refuses it (a count beyond the pool): no answer to compare
		}
		require.NoError(t, err, "%s: %s", q.Name, raw)
		compared[q.Type]++
		if math.Abs(g.Score-moodle) > 1e-6 {
			mismatches++
			if mismatches <= 20 {
				t.Errorf("%s (%s): answer %s: looplab %.4f, Moodle %.4f", q.Name, q.Type, raw, g.Score, moodle)
			}
		}
		if cases != nil {
			c.IDNumber, c.Type, c.Looplab = q.IDNumber, q.Type, g.Score
			require.NoError(t, cases.Encode(c))
		}
	}
	variants := map[string]int{}
	for i, q := range out {
		it := &items[i]
		variants[q.Type]++
		switch q.Type {
		case "ordering":
			for _, resp := range orderResponses(len(q.Answers), uint64(i)) {
				lines := make([]string, len(resp))
				for j, a := range resp {
					lines[j] = q.Answers[a].Text
				}
				check(it, q, lines, moodleOrdering(q, resp), gradeCase{Response: resp})
			}
		case "multichoice":
			require.Len(t, q.Answers, len(it.Options))
			answerOf := func(j int) any {
				if a := it.Options[j].Answer; a != nil {
					return a
				}
				return it.Options[j].ID
			}
			if q.Single == "true" {
				for j := range q.Answers {
					check(it, q, answerOf(j), moodleMultichoice(q, []int{j}), gradeCase{Response: []int{j}})
				}
				continue
			}
			for _, chosen := range subsets(len(q.Answers)) {
				ids := []string{}
				for _, j := range chosen {
					ids = append(ids, it.Options[j].ID)
				}
				check(it, q, ids, moodleMultichoice(q, chosen), gradeCase{Response: chosen})
			}
		case "numerical":
			for _, v := range numberResponses(it.Number) {
				s := strconv.FormatFloat(v, 'f', -1, 64)
				check(it, q, v, moodleNumerical(q, v), gradeCase{Number: &s})
			}
		case "essay":
		default:
			t.Errorf("%s: type %s is not graded here", q.Name, q.Type)
		}
	}
	assert.Zero(t, mismatches, "answers graded differently")
	for _, typ := range []string{"ordering", "multichoice", "numerical"} {
		assert.Positive(t, compared[typ], typ)
	}
	t.Logf("%d variants (%v) graded with %v answers in both", len(out), variants, compared)
	checkExportFigures(t, qs, out)
}

// checkExportFigures checks the figures docs/integrations.md gives of the whole bank's
// export (its questions, variants, and variants per Moodle question type) against the
// export out of qs, less the conceptual question bankQuestions adds to the bank.
func checkExportFigures(t *testing.T, qs []export.Question, out []mQuestion) {
	t.Helper()
	types := map[string]int{}
	n := 0
	for _, q := range out {
		if q.IDNumber != "choice-poll-v2" {
			types[q.Type]++
			n++
		}
	}
	doc, err := os.ReadFile("../docs/integrations.md")
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(doc)), " ")
	want := fmt.Sprintf("the whole bank is %s questions and %s variants: essay %s, multichoice %s, numerical %s, ordering %s,",
		thousands(len(qs)-1), thousands(n), thousands(types["essay"]), thousands(types["multichoice"]),
		thousands(types["numerical"]), thousands(types["ordering"]))
	assert.Contains(t, text, want, "docs/integrations.md gives the export's figures")
}

// thousands writes n with a comma between thousands, as the docs do (2,383).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

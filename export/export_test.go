package export_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bankQuestions loads the built-in bank plus a conceptual choice question.
func bankQuestions(t *testing.T) (*quiz.Engine, []export.Question) {
	t.Helper()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	var qs []export.Question
	for i, it := range items {
		if it.Content.Kind == "trace" || it.Content.Kind == "exercise" {
			continue // no static form: Build skips these kinds (tested in TestSkipsKindsWithoutStaticForm)
		}
		qs = append(qs, export.Question{Slug: it.Slug, Version: &quiz.QuestionVersion{ID: int64(i + 1), Version: 1, Content: it.Content}})
	}
	spec, _ := json.Marshal(quiz.ChoiceSpec{Options: []quiz.Option{
		{ID: "a", Text: quiz.Text{EN: "The poll phase"}, Correct: true, Why: quiz.Text{EN: "I/O callbacks run in poll."}},
		{ID: "b", Text: quiz.Text{EN: "The check phase"}, Why: quiz.Text{EN: "check runs setImmediate callbacks."}},
	}})
	qs = append(qs, export.Question{Slug: "choice-poll", Version: &quiz.QuestionVersion{ID: 99, Version: 2, Content: quiz.Content{
		Topic: "phases", Kind: "choice", Difficulty: 1, Title: quiz.Text{EN: "Where I/O runs"},
		Prompt: quiz.Text{EN: "In which phase do most I/O callbacks run?"}, Module: sim.CommonJS, Spec: spec,
		Explanation: quiz.Text{EN: "The poll phase runs I/O callbacks."}}}})
	return quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil), qs
}

// The parts of Moodle's XML format the test reads back.
type mText struct {
	Format string `xml:"format,attr"`
	Text   string `xml:"text"`
}

type mQuestion struct {
	Type            string `xml:"type,attr"`
	Category        string `xml:"category>text"`
	Name            string `xml:"name>text"`
	QuestionText    mText  `xml:"questiontext"`
	GeneralFeedback mText  `xml:"generalfeedback"`
	DefaultGrade    string `xml:"defaultgrade"`
	Single          string `xml:"single"`
	LayoutType      string `xml:"layouttype"`
	SelectType      string `xml:"selecttype"`
	GradingType     string `xml:"gradingtype"`
	Answers         []struct {
		Fraction  string `xml:"fraction,attr"`
		Text      string `xml:"text"`
		Tolerance string `xml:"tolerance"`
		Feedback  mText  `xml:"feedback"`
	} `xml:"answer"`
	Units []string `xml:"units>unit>unit_name"`
}

// TestMoodleXML exports the bank and parses the file back: a quiz of questions in
// Moodle's documented shape, with the answer keys the simulator computes.
func TestMoodleXML(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	items, skipped, err := export.Build(context.Background(), engine, qs, "en", false)
	require.NoError(t, err)
	assert.Empty(t, skipped)
	var buf bytes.Buffer
	require.NoError(t, export.Moodle(&buf, items, "looplab"))
	require.True(t, strings.HasPrefix(buf.String(), `<?xml version="1.0" encoding="UTF-8"?>`+"\n<quiz>"), "the XML declaration is the first line")

	var quizFile struct {
		XMLName   xml.Name    `xml:"quiz"`
		Questions []mQuestion `xml:"question"`
	}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	dec.Strict = true
	require.NoError(t, dec.Decode(&quizFile))
	require.Len(t, quizFile.Questions, len(qs)+1)
	assert.Equal(t, "category", quizFile.Questions[0].Type)
	assert.Equal(t, "$course$/top/looplab", quizFile.Questions[0].Category)

	byName := map[string]mQuestion{}
	types := map[string]int{}
	for i, q := range quizFile.Questions[1:] {
		byName[q.Name] = q
		types[q.Type]++
		assert.NotEmpty(t, q.Name)
		assert.Equal(t, "html", q.QuestionText.Format)
		assert.NotEmpty(t, q.QuestionText.Text)
		assert.NotEmpty(t, q.GeneralFeedback.Text, q.Name)
		if items[i].Content.Program != "" { // a conceptual question has no program, so no trace
			assert.Contains(t, q.GeneralFeedback.Text, "<ol>", "%s: the explanation snapshot holds the trace", q.Name)
		}
		assert.Equal(t, "1", q.DefaultGrade)
		assert.NotEmpty(t, q.Answers, q.Name)
	}
	assert.Positive(t, types["ordering"])
	assert.Positive(t, types["numerical"])
	assert.Positive(t, types["multichoice"], "racy order questions and choice questions")

	for i, q := range quizFile.Questions[1:] {
		it := items[i]
		switch q.Type {
		case "ordering":
			assert.Equal(t, "VERTICAL", q.LayoutType)
			assert.Equal(t, "ALL", q.SelectType)
			require.Len(t, q.Answers, len(it.Order))
			for j, a := range q.Answers {
				assert.Equal(t, strconv.Itoa(j+1), a.Fraction, "ordering fractions number the right order")
				assert.Equal(t, it.Order[j], a.Text)
			}
		case "numerical":
			assert.Equal(t, "100", q.Answers[0].Fraction)
			v, err := strconv.ParseFloat(q.Answers[0].Text, 64)
			require.NoError(t, err)
			assert.Equal(t, it.Number.Value, v)
			assert.NotEmpty(t, q.Answers[0].Tolerance)
			assert.Equal(t, "*", q.Answers[len(q.Answers)-1].Text, "a catch-all answer with feedback")
		case "multichoice":
			total := 0.0
			for _, a := range q.Answers {
				f, err := strconv.ParseFloat(a.Fraction, 64)
				require.NoError(t, err)
				if f > 0 {
					total += f
				}
				assert.NotEmpty(t, a.Feedback.Text, "%s: every option has feedback", q.Name)
			}
			assert.InDelta(t, 100, total, 0.01, "%s: the right options add up to 100%%", q.Name)
		default:
			t.Errorf("unexpected type %q", q.Type)
		}
	}
	poll := byName["Where I/O runs"]
	assert.Equal(t, "multichoice", poll.Type)
	assert.Equal(t, "true", poll.Single)
	assert.Equal(t, "100", poll.Answers[0].Fraction)
	assert.Equal(t, "0", poll.Answers[1].Fraction)
	assert.Contains(t, poll.Answers[1].Feedback.Text, "setImmediate")
}

// TestMoodleOrderAsChoice renders a deterministic order question as a multichoice whose
// wrong options carry the grader's explanation.
func TestMoodleOrderAsChoice(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	var det []export.Question // the deterministic order questions
	all, _, err := export.Build(context.Background(), engine, qs, "vi", false)
	require.NoError(t, err)
	for i, it := range all {
		if len(it.Order) > 0 {
			det = append(det, qs[i])
		}
	}
	require.NotEmpty(t, det)
	items, _, err := export.Build(context.Background(), engine, det[:1], "vi", true)
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.NotEmpty(t, items[0].Options)
	var right, wrong int
	for _, o := range items[0].Options {
		if o.Credit > 0 {
			right++
		} else {
			wrong++
			assert.NotEmpty(t, o.Feedback)
		}
	}
	assert.Positive(t, right)
	assert.Positive(t, wrong)
}

// TestQTI exports the bank as a QTI 3.0 package and checks its manifest and items.
func TestQTI(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	items, _, err := export.Build(context.Background(), engine, qs, "en", false)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, export.QTI(&buf, items))
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	var manifest struct {
		XMLName   xml.Name `xml:"http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1 manifest"`
		Resources []struct {
			Type string `xml:"type,attr"`
			Href string `xml:"href,attr"`
		} `xml:"resources>resource"`
	}
	require.NoError(t, xml.Unmarshal(files["imsmanifest.xml"], &manifest))
	require.Len(t, manifest.Resources, len(items))
	interactions := map[string]int{}
	for _, r := range manifest.Resources {
		assert.Equal(t, "imsqti_item_xmlv3p0", r.Type)
		var item struct {
			XMLName  xml.Name `xml:"http://www.imsglobal.org/xsd/imsqtiasi_v3p0 qti-assessment-item"`
			Correct  []string `xml:"qti-response-declaration>qti-correct-response>qti-value"`
			Body     string   `xml:",innerxml"`
			Feedback string   `xml:"qti-modal-feedback>qti-content-body>div>p"`
		}
		dec := xml.NewDecoder(bytes.NewReader(files[r.Href]))
		dec.Strict = true
		require.NoError(t, dec.Decode(&item), r.Href)
		assert.NotEmpty(t, item.Correct, r.Href)
		assert.NotEmpty(t, item.Feedback, "%s: the explanation snapshot", r.Href)
		for _, k := range []string{"qti-order-interaction", "qti-choice-interaction", "qti-text-entry-interaction"} {
			if strings.Contains(item.Body, "<"+k) {
				interactions[k]++
			}
		}
	}
	assert.Len(t, interactions, 3, "order, choice and text-entry interactions: %v", interactions)
}

// TestSkipsKindsWithoutStaticForm: trace and exercise questions need the simulator (a
// step to inspect, a program to run) and are skipped by name, never exported half-done.
func TestSkipsKindsWithoutStaticForm(t *testing.T) {
	t.Parallel()
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	var qs []export.Question
	for i, it := range items {
		if it.Content.Kind == "trace" || it.Content.Kind == "exercise" {
			qs = append(qs, export.Question{Slug: it.Slug, Version: &quiz.QuestionVersion{ID: int64(i + 1), Version: 1, Content: it.Content}})
		}
	}
	require.NotEmpty(t, qs)
	out, skipped, err := export.Build(context.Background(), quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 64, nil), qs, "en", false)
	require.NoError(t, err)
	assert.Empty(t, out)
	assert.Len(t, skipped, len(qs))
}

package export_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/looplab/looplab/content"
	"github.com/looplab/looplab/export"
	"github.com/looplab/looplab/internal/testenv"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bankQuestions loads the built-in bank (every kind, validated as the CLI does) plus a
// conceptual choice question. The bank is loaded and validated once for all the tests,
// which share its engine (and so its cache of simulated variants): validating it in each
// parallel test ran the whole bank's simulations nine times at once.
func bankQuestions(t *testing.T) (*quiz.Engine, []export.Question) {
	t.Helper()
	b := sharedBank()
	require.NoError(t, b.err)
	return b.engine, slices.Clone(b.qs)
}

type loadedBank struct {
	engine *quiz.Engine
	qs     []export.Question
	err    error
}

var sharedBank = sync.OnceValue(func() loadedBank {
	engine, qs, err := loadBank()
	return loadedBank{engine, qs, err}
})

func loadBank() (*quiz.Engine, []export.Question, error) {
	items, err := content.Load(content.Bank())
	if err != nil {
		return nil, nil, err
	}
	engine := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 4096, nil)
	if err := content.Validate(context.Background(), engine, items); err != nil {
		return nil, nil, err
	}
	var qs []export.Question
	for i, it := range items {
		qs = append(qs, export.Question{Slug: it.Slug, Version: &quiz.QuestionVersion{ID: int64(i + 1), Version: 1, Content: it.Content}})
	}
	spec, _ := json.Marshal(quiz.ChoiceSpec{Options: []quiz.Option{
		{ID: "a", Text: quiz.Text{EN: "The poll phase"}, Correct: true, Why: quiz.Text{EN: "I/O callbacks run in poll."}},
		{ID: "b", Text: quiz.Text{EN: "The check phase"}, Why: quiz.Text{EN: "check runs setImmediate callbacks."}},
	}})
	// An ID of its own: the engine caches variants by version ID.
	qs = append(qs, export.Question{Slug: "choice-poll", Version: &quiz.QuestionVersion{ID: int64(len(items) + 1), Version: 2, Content: quiz.Content{
		Topic: "phases", Kind: "choice", Difficulty: 1, Title: quiz.Text{EN: "Where I/O runs"},
		Prompt: quiz.Text{EN: "In which phase do most I/O callbacks run?"}, Spec: spec,
		Explanation: quiz.Text{EN: "The poll phase runs I/O callbacks."}, Module: sim.CommonJS}}})
	return engine, qs, nil
}

// The parts of Moodle's XML format the test reads back.
type mText struct {
	Format string `xml:"format,attr"`
	Text   string `xml:"text"`
}

type mQuestion struct {
	Type             string  `xml:"type,attr"`
	Category         string  `xml:"category>text"`
	Name             string  `xml:"name>text"`
	QuestionText     mText   `xml:"questiontext"`
	GeneralFeedback  mText   `xml:"generalfeedback"`
	DefaultGrade     string  `xml:"defaultgrade"`
	IDNumber         string  `xml:"idnumber"`
	Single           string  `xml:"single"`
	LayoutType       string  `xml:"layouttype"`
	SelectType       string  `xml:"selecttype"`
	GradingType      string  `xml:"gradingtype"`
	ResponseFormat   string  `xml:"responseformat"`
	GraderInfo       mText   `xml:"graderinfo"`
	ResponseTemplate mText   `xml:"responsetemplate"`
	Hints            []mText `xml:"hint"`
	Answers          []struct {
		Fraction  string `xml:"fraction,attr"`
		Text      string `xml:"text"`
		Tolerance string `xml:"tolerance"`
		Feedback  mText  `xml:"feedback"`
	} `xml:"answer"`
	Units []string `xml:"units>unit>unit_name"`
}

// moodleGrades are the grades Moodle's import accepts (question_bank::fraction_options_full).
var moodleGrades = map[string]bool{"100": true, "90": true, "83.33333": true, "80": true, "75": true, "70": true,
	"66.66667": true, "60": true, "50": true, "40": true, "33.33333": true, "30": true, "25": true, "20": true,
	"16.66667": true, "14.28571": true, "12.5": true, "11.11111": true, "10": true, "5": true, "0": true}

func exportMoodle(t *testing.T, engine *quiz.Engine, qs []export.Question, opt export.Options) ([]export.Item, []mQuestion, []byte) {
	t.Helper()
	items, skipped, err := export.Build(context.Background(), engine, qs, opt)
	require.NoError(t, err)
	require.Empty(t, skipped)
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
	var qsOut []mQuestion
	for _, q := range quizFile.Questions {
		if q.Type != "category" {
			qsOut = append(qsOut, q)
		}
	}
	require.Len(t, qsOut, len(items))
	return items, qsOut, buf.Bytes()
}

// TestMoodleXML exports the bank, every kind, and parses the file back: questions in
// Moodle's documented shape, with the answer keys the simulator computes and grades
// Moodle's import accepts.
func TestMoodleXML(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	items, out, _ := exportMoodle(t, engine, qs, export.Options{Lang: "en", MaxVariants: 2})
	types := map[string]int{}
	byName := map[string]mQuestion{}
	for i, q := range out {
		it := items[i]
		types[q.Type]++
		byName[q.Name] = q
		assert.Equal(t, it.ID(), q.IDNumber)
		assert.Equal(t, "html", q.QuestionText.Format)
		assert.NotEmpty(t, q.QuestionText.Text)
		if it.Content.Program != "" { // a conceptual question has no program, so no trace
			assert.Contains(t, q.GeneralFeedback.Text, "<ol>", "%s: the explanation snapshot holds the trace", q.Name)
		}
		assert.Equal(t, "1", q.DefaultGrade)
		for _, text := range append([]string{q.QuestionText.Text, q.GeneralFeedback.Text}, answerTexts(q)...) {
			assert.NotContains(t, outsidePre(text), "`", "%s: Markdown code is rendered as <code>", q.Name)
		}
		for _, a := range q.Answers {
			if q.Type != "ordering" {
				assert.True(t, moodleGrades[strings.TrimPrefix(a.Fraction, "-")], "%s: grade %s is one Moodle accepts", q.Name, a.Fraction)
			}
		}
		if q.Type != "essay" {
			assert.Len(t, q.Hints, len(it.Content.Hints), "%s: the hints, one per wrong try", q.Name)
		}
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
			total, best := 0.0, 0.0
			for _, a := range q.Answers {
				f, err := strconv.ParseFloat(a.Fraction, 64)
				require.NoError(t, err)
				if f > 0 {
					total += f
				}
				best = max(best, f)
			}
			if q.Single == "false" {
				assert.InDelta(t, 100, total, 0.01, "%s: the right options add up to 100%%", q.Name)
			} else {
				assert.Equal(t, 100.0, best, "%s: a right option is worth 100%%", q.Name)
			}
		case "essay":
			assert.Equal(t, "monospaced", q.ResponseFormat)
			assert.Equal(t, it.Content.Program, q.ResponseTemplate.Text, "the learner starts from the starting code")
			assert.Contains(t, q.GraderInfo.Text, html.EscapeString(it.Exercise.Solution), "the reference solution is for graders")
			assert.NotContains(t, q.GeneralFeedback.Text, "looplab-question", "the source (with the solution) is not in what learners see")
		default:
			t.Errorf("unexpected type %q", q.Type)
		}
	}
	assert.Positive(t, types["ordering"])
	assert.Positive(t, types["numerical"])
	assert.Positive(t, types["multichoice"], "racy order questions and choice questions")
	assert.Positive(t, types["essay"], "exercises")
	poll := byName["Where I/O runs"]
	assert.Equal(t, "multichoice", poll.Type)
	assert.Equal(t, "true", poll.Single)
	assert.Equal(t, "100", poll.Answers[0].Fraction)
	assert.Equal(t, "0", poll.Answers[1].Fraction)
	assert.Contains(t, poll.Answers[1].Feedback.Text, "setImmediate")
}

// TestMoodleRoundTrip exports every question with every variant and reads the file back:
// ReadMoodle gives each question once, exactly as it was written, and names what it
// cannot read (a question written in Moodle).
func TestMoodleRoundTrip(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	items, _, file := exportMoodle(t, engine, qs, export.Options{Lang: "vi"})
	assert.Greater(t, len(items), 1000, "every variant: %d questions", len(items))

	handWritten := `<question type="truefalse"><name><text>Written in Moodle</text></name><generalfeedback><text>no source</text></generalfeedback></question>`
	file = bytes.Replace(file, []byte("</quiz>"), []byte(handWritten+"</quiz>"), 1)
	srcs, skipped, err := export.ReadMoodle(bytes.NewReader(file))
	require.NoError(t, err)
	require.Len(t, srcs, len(qs), "one question per slug, however many variants")
	for i, src := range srcs {
		assert.Equal(t, qs[i].Slug, src.Slug)
		want, _ := json.Marshal(qs[i].Version.Content)
		got, _ := json.Marshal(src.Content)
		assert.JSONEq(t, string(want), string(got), "%s comes back unchanged", src.Slug)
	}
	require.Len(t, skipped, 1)
	assert.Equal(t, "Written in Moodle", skipped[0].Slug)

	second := bytes.Index(file, []byte(`"slug":"trace-pool-which-thread"`)) + 1 // the second variant's source
	second += bytes.Index(file[second:], []byte(`"slug":"trace-pool-which-thread"`))
	tampered := slices.Concat(file[:second], bytes.Replace(file[second:], []byte(`"difficulty":3`), []byte(`"difficulty":4`), 1))
	_, _, err = export.ReadMoodle(bytes.NewReader(tampered))
	assert.ErrorContains(t, err, "differs from another variant", "variants of one question disagree")
}

// TestVariants: a question with parameters exports every variant (or the number asked,
// spread evenly, the first and last included), each its own Moodle question in the
// question's own category, each with its own key.
func TestVariants(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	var q export.Question
	for _, x := range qs {
		if x.Slug == "trace-pool-which-thread" {
			q = x
		}
	}
	require.NotNil(t, q.Version)
	total := q.Version.Content.VariantCount()
	require.EqualValues(t, 12, total, "pool 2..4 × job 3..6")
	items, out, file := exportMoodle(t, engine, []export.Question{q}, export.Options{Lang: "en"})
	require.Len(t, items, 12)
	keys := map[float64]bool{}
	for i, q := range out {
		assert.Equal(t, "numerical", q.Type, "a thread number")
		assert.Contains(t, q.Name, "(variant "+strconv.Itoa(i+1)+"/12: pool=")
		keys[items[i].Number.Value] = true
	}
	assert.Greater(t, len(keys), 1, "variants have their own keys")
	assert.Contains(t, string(file), "<text>$course$/top/looplab/threadpool/trace-pool-which-thread</text>", "a category of its own")
	assert.Contains(t, string(file), "random question from this category")

	some, _, err := export.Build(context.Background(), engine, []export.Question{q}, export.Options{Lang: "en", MaxVariants: 3})
	require.NoError(t, err)
	require.Len(t, some, 3)
	assert.Equal(t, items[0].Variant.Values, some[0].Variant.Values)
	assert.Equal(t, items[11].Variant.Values, some[2].Variant.Values)
}

// TestTraceAndExercise: trace questions become questions a quiz engine grades on its
// own (a queue to choose, a phase among the loop's phases, an exact number), with the
// grader's feedback on near misses; exercises become work a teacher grades, with the
// checks and a reference solution.
func TestTraceAndExercise(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	var picked []export.Question
	for _, q := range qs {
		if q.Version.Content.Kind == "trace" || q.Version.Content.Kind == "exercise" {
			picked = append(picked, q)
		}
	}
	items, _, err := export.Build(context.Background(), engine, picked, export.Options{Lang: "en", MaxVariants: 1})
	require.NoError(t, err)
	require.Len(t, items, len(picked))
	forms := map[string]int{}
	for _, it := range items {
		switch {
		case it.Exercise != nil:
			forms["exercise"]++
			assert.NotEmpty(t, it.Exercise.Checks)
			assert.NotEmpty(t, it.Exercise.Solution)
			assert.Equal(t, it.Content.Program, it.Exercise.Starter)
		case it.Queue != nil:
			forms["queue"]++
			assert.True(t, it.Options[0].Right)
			assert.Greater(t, len(it.Options), 1, "%s: near misses", it.Slug)
			for _, o := range it.Options[1:] {
				assert.False(t, o.Right)
				assert.Less(t, o.Credit, 1.0)
				assert.NotEmpty(t, o.Feedback, "%s: the grader explains %q", it.Slug, o.Text)
			}
			for _, k := range it.Queue.Key {
				assert.Contains(t, it.Queue.Candidates, k)
			}
		case it.Number != nil:
			forms["number"]++
			assert.True(t, it.Number.Integer)
			assert.Zero(t, it.Number.Tolerance)
		default:
			forms["phase"]++
			require.Len(t, it.Options, 7, "the loop's phases")
			right := 0
			for _, o := range it.Options {
				if o.Right {
					right++
				} else {
					assert.NotEmpty(t, o.Feedback)
				}
			}
			assert.Equal(t, 1, right)
		}
	}
	assert.Len(t, forms, 4, "queues, phases, numbers and exercises: %v", forms)
}

// TestMoodleOrderAsChoice renders a deterministic order question as a multichoice whose
// wrong options carry the grader's explanation.
func TestMoodleOrderAsChoice(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	var det []export.Question // the deterministic order questions
	all, _, err := export.Build(context.Background(), engine, qs, export.Options{Lang: "vi", MaxVariants: 1})
	require.NoError(t, err)
	for i, it := range all {
		if len(it.Order) > 0 {
			det = append(det, qs[i])
		}
	}
	require.NotEmpty(t, det)
	items, _, err := export.Build(context.Background(), engine, det[:1], export.Options{Lang: "vi", OrderAsChoice: true, MaxVariants: 1})
	require.NoError(t, err)
	require.Len(t, items, 1)
	require.NotEmpty(t, items[0].Options)
	var right, wrong int
	for _, o := range items[0].Options {
		if o.Right {
			right++
		} else {
			wrong++
			assert.NotEmpty(t, o.Feedback)
		}
	}
	assert.Positive(t, right)
	assert.Positive(t, wrong)
}

// qtiPackage exports items as a QTI package and returns its files.
func qtiPackage(t *testing.T, items []export.Item) map[string][]byte {
	t.Helper()
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
	return files
}

// TestQTI exports the bank as a QTI 3.0 package and checks its manifest, test and items.
func TestQTI(t *testing.T) {
	t.Parallel()
	engine, qs := bankQuestions(t)
	items, _, err := export.Build(context.Background(), engine, qs, export.Options{Lang: "en", MaxVariants: 2})
	require.NoError(t, err)
	files := qtiPackage(t, items)
	var manifest struct {
		XMLName   xml.Name `xml:"http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1 manifest"`
		Resources []struct {
			Type string `xml:"type,attr"`
			Href string `xml:"href,attr"`
		} `xml:"resources>resource"`
	}
	require.NoError(t, xml.Unmarshal(files["imsmanifest.xml"], &manifest))
	require.Len(t, manifest.Resources, len(items)+1, "the items and the test")
	assert.Equal(t, "imsqti_test_xmlv3p0", manifest.Resources[0].Type)
	var test struct {
		Sections []struct {
			Select *struct {
				N int `xml:"select,attr"`
			} `xml:"qti-selection"`
			Refs []struct {
				Href string `xml:"href,attr"`
			} `xml:"qti-assessment-item-ref"`
		} `xml:"qti-test-part>qti-assessment-section"`
	}
	require.NoError(t, xml.Unmarshal(files[manifest.Resources[0].Href], &test))
	require.Len(t, test.Sections, len(qs), "a section per question")
	pools := 0
	for _, s := range test.Sections {
		if len(s.Refs) > 1 {
			pools++
			require.NotNil(t, s.Select, "a section of variants selects one")
			assert.Equal(t, 1, s.Select.N)
		}
	}
	assert.Positive(t, pools)
	interactions := map[string]int{}
	for _, r := range manifest.Resources[1:] {
		assert.Equal(t, "imsqti_item_xmlv3p0", r.Type)
		var item struct {
			XMLName  xml.Name `xml:"http://www.imsglobal.org/xsd/imsqtiasi_v3p0 qti-assessment-item"`
			Body     string   `xml:",innerxml"`
			Feedback string   `xml:"qti-modal-feedback>qti-content-body>div>p"`
		}
		dec := xml.NewDecoder(bytes.NewReader(files[r.Href]))
		dec.Strict = true
		require.NoError(t, dec.Decode(&item), r.Href)
		assert.NotEmpty(t, item.Feedback, "%s: the explanation snapshot", r.Href)
		for _, k := range []string{"qti-order-interaction", "qti-choice-interaction", "qti-text-entry-interaction", "qti-extended-text-interaction", `max-choices="`, "qti-map-response", `view="scorer"`} {
			if strings.Contains(item.Body, "<"+k) || strings.Contains(item.Body, " "+k) {
				interactions[k]++
			}
		}
	}
	assert.Len(t, interactions, 7, "order, choice, text entry, extended text; a queue chosen from the trace's labels, credit mapped per option, a scorer rubric: %v", interactions)
}

// TestQTISchemaValid validates every item, the test and the manifest of a QTI export of
// every kind against 1EdTech's QTI 3.0 schemas (testdata/qti3) with xmllint.
func TestQTISchemaValid(t *testing.T) {
	t.Parallel()
	xmllint := testenv.LookPath(t, "xmllint", "the QTI schema test validates with libxml2's xmllint (Debian: apt-get install -y libxml2-utils; .ci/run does)")
	engine, qs := bankQuestions(t)
	items, _, err := export.Build(context.Background(), engine, qs, export.Options{Lang: "vi", MaxVariants: 3})
	require.NoError(t, err)
	dir := t.TempDir()
	var docs, manifests []string
	for name, data := range qtiPackage(t, items) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, data, 0o644))
		if name == "imsmanifest.xml" {
			manifests = append(manifests, path)
		} else {
			docs = append(docs, path)
		}
	}
	schemas, err := filepath.Abs("testdata/qti3")
	require.NoError(t, err)
	validate := func(schema string, files []string) string {
		cmd := exec.Command(xmllint, append([]string{"--nonet", "--noout", "--schema", filepath.Join(schemas, schema)}, files...)...)
		out, err := cmd.CombinedOutput()
		assert.NoError(t, err, "xmllint: %s", lastLines(string(out), 20))
		return string(out)
	}
	out := validate("imsqti_asiv3p0p1_v1p0.xsd", docs)
	assert.Equal(t, len(docs), strings.Count(out, " validates\n"), "every item and the test validate")
	out = validate("imsqtiv3p0_imscpv1p2_v1p0.xsd", manifests)
	assert.Contains(t, out, "imsmanifest.xml validates")

	// The schemas do refuse what QTI forbids: an interaction without its response, put in
	// an item (docs come in the package map's random order, and the test has no item body).
	bad := filepath.Join(dir, "bad.xml")
	var item string
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		require.NoError(t, err)
		if strings.Contains(string(data), "<qti-item-body>") {
			item = string(data)
			break
		}
	}
	require.NotEmpty(t, item, "an item with a body")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(item, "<qti-item-body>", "<qti-item-body><qti-choice-interaction/>", 1)), 0o644))
	cmd := exec.Command(xmllint, "--nonet", "--noout", "--schema", filepath.Join(schemas, "imsqti_asiv3p0p1_v1p0.xsd"), bad)
	out2, err := cmd.CombinedOutput()
	assert.Error(t, err)
	assert.Contains(t, string(out2), "fails to validate")
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// TestOrderWithoutOrderingForm: an order question whose output Moodle's ordering type
// cannot hold (two equal lines) becomes a choice between outputs.
func TestOrderWithoutOrderingForm(t *testing.T) {
	t.Parallel()
	engine := quiz.NewEngine(sim.New(), quiz.DefaultKinds(), 16, nil)
	for name, program := range map[string]string{
		"equal lines": "process.nextTick(() => console.log('tick'))\nconsole.log('tick')\nsetTimeout(() => console.log('end'), 0)",
	} {
		q := export.Question{Slug: "order-" + strings.ReplaceAll(name, " ", "-"), Version: &quiz.QuestionVersion{ID: 1, Version: 1, Content: quiz.Content{
			Topic: "timers", Kind: "order", Difficulty: 1, Title: quiz.Text{EN: name}, Prompt: quiz.Text{EN: "What does it print?"},
			Module: sim.CommonJS, Program: program, Explanation: quiz.Text{EN: "It prints it."}}}}
		items, skipped, err := export.Build(context.Background(), engine, []export.Question{q}, export.Options{Lang: "en"})
		require.NoError(t, err, name)
		require.Empty(t, skipped, name)
		require.Len(t, items, 1, name)
		assert.Empty(t, items[0].Order, "%s: not an ordering question", name)
		assert.NotEmpty(t, items[0].Options, "%s: a choice of outputs", name)
	}
}

// TestReadMoodleExport reads questions as a real Moodle 5.1 exported them after importing
// looplab's file (testdata/moodle51-export.xml: an essay, a choice, a number and an
// ordering, from scripts/moodle/roundtrip.php): each source is the bank's question.
func TestReadMoodleExport(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/moodle51-export.xml")
	require.NoError(t, err)
	defer f.Close()
	srcs, skipped, err := export.ReadMoodle(f)
	require.NoError(t, err)
	assert.Empty(t, skipped)
	require.Len(t, srcs, 4)
	items, err := content.Load(content.Bank())
	require.NoError(t, err)
	bySlug := map[string]quiz.Content{}
	for _, it := range items {
		bySlug[it.Slug] = it.Content
	}
	for _, src := range srcs {
		want := bySlug[src.Slug]
		want.SetDefaults()
		wantJSON, _ := json.Marshal(want)
		gotJSON, _ := json.Marshal(src.Content)
		assert.JSONEq(t, string(wantJSON), string(gotJSON), "%s comes back from Moodle unchanged", src.Slug)
	}
}

// answerTexts are the texts and feedback of a question's answers.
func answerTexts(q mQuestion) []string {
	var out []string
	for _, a := range q.Answers {
		out = append(out, a.Text, a.Feedback.Text)
	}
	return out
}

var preOrSourceRE = regexp.MustCompile(`(?s)<pre>.*?</pre>|<!-- looplab-question: .*? -->`)

// outsidePre is an HTML text less its preformatted blocks (programs, outputs, where a
// backtick is the program's) and its looplab source comment.
func outsidePre(s string) string { return preOrSourceRE.ReplaceAllString(s, "") }

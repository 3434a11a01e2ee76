package export

import (
	"encoding/xml"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The Moodle XML format ("Moodle XML format" in the Moodle docs; question/format/xml/
// format.php reads and writes it, and question/type/ordering its ordering questions).
// Texts are HTML in CDATA sections.

type cdata struct {
	V string `xml:",cdata"`
}

type mText struct {
	Format string `xml:"format,attr,omitempty"`
	Text   cdata  `xml:"text"`
}

type mPlain struct {
	Text string `xml:"text"`
}

type mAnswer struct {
	Fraction  string `xml:"fraction,attr"`
	Format    string `xml:"format,attr,omitempty"`
	Text      cdata  `xml:"text"`
	Tolerance string `xml:"tolerance,omitempty"`
	Feedback  *mText `xml:"feedback,omitempty"`
}

type mUnit struct {
	Multiplier string `xml:"multiplier"`
	Name       string `xml:"unit_name"`
}

type mQuestion struct {
	Type            string  `xml:"type,attr"`
	Category        *mPlain `xml:"category,omitempty"`
	Info            *mText  `xml:"info,omitempty"`
	Name            *mPlain `xml:"name,omitempty"`
	QuestionText    *mText  `xml:"questiontext,omitempty"`
	GeneralFeedback *mText  `xml:"generalfeedback,omitempty"`
	DefaultGrade    string  `xml:"defaultgrade,omitempty"`
	Penalty         string  `xml:"penalty,omitempty"`
	Hidden          string  `xml:"hidden,omitempty"`
	IDNumber        string  `xml:"idnumber,omitempty"`
	// multichoice
	Single          string `xml:"single,omitempty"`
	ShuffleAnswers  string `xml:"shuffleanswers,omitempty"`
	AnswerNumbering string `xml:"answernumbering,omitempty"`
	// ordering
	LayoutType     string `xml:"layouttype,omitempty"`
	SelectType     string `xml:"selecttype,omitempty"`
	SelectCount    string `xml:"selectcount,omitempty"`
	GradingType    string `xml:"gradingtype,omitempty"`
	ShowGrading    string `xml:"showgrading,omitempty"`
	NumberingStyle string `xml:"numberingstyle,omitempty"`
	// essay
	ResponseFormat      string `xml:"responseformat,omitempty"`
	ResponseRequired    string `xml:"responserequired,omitempty"`
	ResponseFieldLines  string `xml:"responsefieldlines,omitempty"`
	Attachments         string `xml:"attachments,omitempty"`
	AttachmentsRequired string `xml:"attachmentsrequired,omitempty"`
	GraderInfo          *mText `xml:"graderinfo,omitempty"`
	ResponseTemplate    *mText `xml:"responsetemplate,omitempty"`
	// combined feedback (multichoice, ordering)
	CorrectFeedback   *mText    `xml:"correctfeedback,omitempty"`
	PartiallyFeedback *mText    `xml:"partiallycorrectfeedback,omitempty"`
	IncorrectFeedback *mText    `xml:"incorrectfeedback,omitempty"`
	ShowNumCorrect    *struct{} `xml:"shownumcorrect,omitempty"`

	Answers []mAnswer `xml:"answer"`
	// numerical
	UnitGradingType string   `xml:"unitgradingtype,omitempty"`
	UnitPenalty     string   `xml:"unitpenalty,omitempty"`
	ShowUnits       string   `xml:"showunits,omitempty"`
	UnitsLeft       string   `xml:"unitsleft,omitempty"`
	Units           *[]mUnit `xml:"units>unit,omitempty"`
	// hints, shown one per wrong try in Moodle's interactive behaviour
	Hints []mText `xml:"hint"`
}

type mQuiz struct {
	XMLName   xml.Name    `xml:"quiz"`
	Questions []mQuestion `xml:"question"`
}

// Moodle writes items as a Moodle XML question file under the category
// $course$/top/<category>: a sub-category per topic, and within it a category of its
// own for each question exported with several variants (the pool a "random question"
// draws from).
func Moodle(w io.Writer, items []Item, category string) error {
	var q mQuiz
	current := ""
	for i := range items {
		it := &items[i]
		if path := moodleCategory(it, category); path != current {
			current = path
			q.Questions = append(q.Questions, mQuestion{Type: "category", Category: &mPlain{path}, Info: categoryInfo(it)})
		}
		q.Questions = append(q.Questions, moodleQuestion(it))
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(q); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// moodleCategory is the item's category path.
func moodleCategory(it *Item, category string) string {
	path := "$course$/top/" + category + "/" + it.Content.Topic
	if it.Variants > 1 {
		path += "/" + it.Slug
	}
	return path
}

// categoryInfo describes a variants' category to the teacher.
func categoryInfo(it *Item) *mText {
	if it.Variants <= 1 {
		return &mText{Format: "html", Text: cdata{""}}
	}
	n := strconv.Itoa(it.Variants)
	text := bi(it.Lang, n+" variants of one looplab question ("+it.Slug+"). Add a random question from this category to a quiz to give each student one.",
		n+" biến thể của một câu hỏi looplab ("+it.Slug+"). Thêm một câu hỏi ngẫu nhiên từ danh mục này vào bài kiểm tra để mỗi học viên nhận một biến thể.")
	return &mText{Format: "html", Text: cdata{"<p>" + html.EscapeString(text) + "</p>"}}
}

func htmlText(s string) *mText { return &mText{Format: "html", Text: cdata{s}} }

// maxNameLength is Moodle's limit on a question name.
const maxNameLength = 255

func moodleQuestion(it *Item) mQuestion {
	name := it.Title()
	if utf8.RuneCountInString(name) > maxNameLength {
		name = string([]rune(name)[:maxNameLength-1]) + "…"
	}
	q := mQuestion{
		Name: &mPlain{name}, QuestionText: htmlText(it.QuestionHTML()),
		GeneralFeedback: htmlText(it.ExplanationHTML()), DefaultGrade: "1", Penalty: "0.3333333", Hidden: "0",
		IDNumber: it.ID(),
	}
	switch {
	case it.Exercise != nil:
		moodleEssay(&q, it)
		return q // an essay takes no hints; the source rides with the grader information
	case len(it.Order) > 0:
		moodleOrdering(&q, it)
	case it.Number != nil:
		moodleNumerical(&q, it)
	default:
		moodleMultichoice(&q, it)
	}
	q.GeneralFeedback.Text.V += it.SourceComment()
	for _, h := range it.Content.Hints {
		q.Hints = append(q.Hints, *htmlText("<p>" + paragraphs(h.In(it.Lang)) + "</p>"))
	}
	return q
}

func combinedFeedback(q *mQuestion, lang string) {
	q.CorrectFeedback = htmlText(bi(lang, "Your answer is correct.", "Câu trả lời của bạn đúng."))
	q.PartiallyFeedback = htmlText(bi(lang, "Your answer is partially correct.", "Câu trả lời của bạn đúng một phần."))
	q.IncorrectFeedback = htmlText(bi(lang, "Your answer is incorrect.", "Câu trả lời của bạn chưa đúng."))
	q.ShowNumCorrect = &struct{}{}
}

// moodleOrdering: the answers in the right order, their fractions numbering them,
// graded by the longest ordered subset: the share of lines in the right relative order
// (0 when no two are), looplab's own credit for an order.
func moodleOrdering(q *mQuestion, it *Item) {
	q.Type = "ordering"
	q.LayoutType, q.SelectType, q.SelectCount = "VERTICAL", "ALL", "0"
	q.GradingType, q.ShowGrading, q.NumberingStyle = "LONGEST_ORDERED_SUBSET", "SHOW", "none"
	combinedFeedback(q, it.Lang)
	for i, line := range it.Order {
		q.Answers = append(q.Answers, mAnswer{Fraction: strconv.Itoa(i + 1), Format: "plain_text", Text: cdata{line}})
	}
}

// moodleNumerical: the key with its tolerance, half marks within the partial tolerance,
// the misconceptions with their feedback, and a catch-all.
func moodleNumerical(q *mQuestion, it *Item) {
	n := it.Number
	q.Type = "numerical"
	val := formatNumber(n.Value)
	said := strings.TrimSpace(val + " " + n.Unit)
	q.Answers = append(q.Answers, mAnswer{Fraction: "100", Format: "moodle_auto_format", Text: cdata{val},
		Tolerance: formatNumber(n.Tolerance), Feedback: htmlText(bi(it.Lang, "Correct: ", "Đúng: ") + html.EscapeString(said) + ".")})
	for _, a := range n.Also {
		q.Answers = append(q.Answers, mAnswer{Fraction: "100", Format: "moodle_auto_format", Text: cdata{formatNumber(a)}, Tolerance: "0",
			Feedback: htmlText(bi(it.Lang, "Correct: the program can also run this way (its jobs race).", "Đúng: chương trình cũng có thể chạy theo cách này (các tác vụ chạy đua)."))})
	}
	if n.PartialTolerance > n.Tolerance {
		q.Answers = append(q.Answers, mAnswer{Fraction: "50", Format: "moodle_auto_format", Text: cdata{val},
			Tolerance: formatNumber(n.PartialTolerance), Feedback: htmlText(bi(it.Lang, "Close: the answer is ", "Gần đúng: đáp án là ") + html.EscapeString(said) + ".")})
	}
	for _, m := range n.Misconceptions {
		q.Answers = append(q.Answers, mAnswer{Fraction: "0", Format: "moodle_auto_format", Text: cdata{m.Text},
			Tolerance: formatNumber(n.Tolerance), Feedback: htmlText("<p>" + paragraphs(m.Feedback) + "</p>")})
	}
	q.Answers = append(q.Answers, mAnswer{Fraction: "0", Format: "moodle_auto_format", Text: cdata{"*"},
		Feedback: htmlText(bi(it.Lang, "The answer is ", "Đáp án là ") + html.EscapeString(said) + ".")})
	q.UnitGradingType, q.UnitPenalty, q.ShowUnits, q.UnitsLeft = "0", "0.1000000", "3", "0"
	if n.Unit != "" {
		q.Units = &[]mUnit{{Multiplier: "1", Name: n.Unit}}
	}
}

// moodleMultichoice: each option's fraction is looplab's credit for it. With several
// right options (Moodle's "multiple answers") the mark is the sum of the chosen options'
// fractions, floored at 0 and capped at 1, looplab's per-option rule; with one, the
// chosen option's fraction (a wrong option 0, never below).
func moodleMultichoice(q *mQuestion, it *Item) {
	q.Type = "multichoice"
	q.Single, q.ShuffleAnswers, q.AnswerNumbering = strconv.FormatBool(!it.Multiple), "true", "abc"
	combinedFeedback(q, it.Lang)
	preformatted := it.Content.Kind == "order" || it.Queue != nil
	for _, o := range it.Options {
		frac := "0"
		if it.Multiple || o.Credit > 0 {
			frac = fraction(o.Credit)
		}
		text := html.EscapeString(o.Text)
		if preformatted || strings.Contains(o.Text, "\n") {
			text = "<pre>" + text + "</pre>"
		} else {
			text = inlineCode(text)
		}
		q.Answers = append(q.Answers, mAnswer{Fraction: frac, Format: "html", Text: cdata{text}, Feedback: htmlText("<p>" + paragraphs(o.Feedback) + "</p>")})
	}
}

// moodleEssay: an exercise graded by the teacher. The learner edits the starting code
// (the response template, in a monospaced box); the grader information lists the checks
// and a reference solution, and carries the question's source (never shown to
// learners, unlike the general feedback).
func moodleEssay(q *mQuestion, it *Item) {
	q.Type = "essay"
	q.Penalty = "0"
	lines := strings.Count(it.Exercise.Starter, "\n") + 6
	q.ResponseFormat, q.ResponseRequired, q.ResponseFieldLines = "monospaced", "1", strconv.Itoa(max(15, lines))
	q.Attachments, q.AttachmentsRequired = "0", "0"
	q.GraderInfo = htmlText(it.GraderHTML() + it.SourceComment())
	q.ResponseTemplate = &mText{Format: "plain_text", Text: cdata{it.Exercise.Starter}}
}

// moodleGrades are the grades Moodle's question import accepts (question_bank::
// fraction_options_full: p/q for q <= 6, p/10, 1/q for q <= 10, 1/20), as fractions.
var moodleGrades = []float64{1, 0.9, 5.0 / 6, 0.8, 0.75, 0.7, 2.0 / 3, 0.6, 0.5, 0.4, 1.0 / 3, 0.3, 0.25, 0.2,
	1.0 / 6, 1.0 / 7, 0.125, 1.0 / 9, 0.1, 0.05, 0}

// moodleGrade finds the grade Moodle offers (positive or negative) that equals a credit.
func moodleGrade(credit float64) (float64, bool) {
	for _, m := range moodleGrades {
		if math.Abs(math.Abs(credit)-m) < 1e-9 {
			return math.Copysign(m, credit), true
		}
	}
	return 0, false
}

// fraction writes a credit as a Moodle grade percentage, five decimals as Moodle writes
// 33.33333. A credit that is no grade Moodle offers (its import refuses any other) is
// rounded towards zero to the nearest one that is; the exporters offer none such.
func fraction(credit float64) string {
	g, ok := moodleGrade(credit)
	if !ok {
		for _, m := range moodleGrades {
			if m <= math.Abs(credit) {
				g = math.Copysign(m, credit)
				break
			}
		}
	}
	s := strconv.FormatFloat(math.Round(g*1e7)/1e5, 'f', 5, 64)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

package export

import (
	"encoding/xml"
	"html"
	"io"
	"strconv"
	"strings"
)

// The Moodle XML format ("Moodle XML format" in the Moodle docs; the ordering type as
// question/type/ordering exports it). Texts are HTML in CDATA sections.

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
}

type mQuiz struct {
	XMLName   xml.Name    `xml:"quiz"`
	Questions []mQuestion `xml:"question"`
}

// Moodle writes items as a Moodle XML question file, in a category named category
// ("$course$/top/<category>").
func Moodle(w io.Writer, items []Item, category string) error {
	q := mQuiz{Questions: []mQuestion{{Type: "category", Category: &mPlain{"$course$/top/" + category}}}}
	for i := range items {
		q.Questions = append(q.Questions, moodleQuestion(&items[i]))
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

func htmlText(s string) *mText { return &mText{Format: "html", Text: cdata{s}} }

func moodleQuestion(it *Item) mQuestion {
	q := mQuestion{
		Name: &mPlain{it.Content.Title.In(it.Lang)}, QuestionText: htmlText(it.QuestionHTML()),
		GeneralFeedback: htmlText(it.ExplanationHTML()), DefaultGrade: "1", Penalty: "0.3333333", Hidden: "0",
		IDNumber: it.Slug + "-v" + strconv.Itoa(it.Version),
	}
	switch {
	case len(it.Order) > 0:
		moodleOrdering(&q, it)
	case it.Number != nil:
		moodleNumerical(&q, it.Number)
	default:
		moodleMultichoice(&q, it)
	}
	return q
}

func combinedFeedback(q *mQuestion) {
	q.CorrectFeedback = htmlText("Your answer is correct.")
	q.PartiallyFeedback = htmlText("Your answer is partially correct.")
	q.IncorrectFeedback = htmlText("Your answer is incorrect.")
	q.ShowNumCorrect = &struct{}{}
}

// moodleOrdering: the answers in the right order, their fractions numbering them.
func moodleOrdering(q *mQuestion, it *Item) {
	q.Type = "ordering"
	q.LayoutType, q.SelectType, q.SelectCount = "VERTICAL", "ALL", "0"
	q.GradingType, q.ShowGrading, q.NumberingStyle = "LONGEST_CONTIGUOUS_SUBSET", "SHOW", "none"
	combinedFeedback(q)
	for i, line := range it.Order {
		q.Answers = append(q.Answers, mAnswer{Fraction: strconv.Itoa(i + 1), Format: "plain_text", Text: cdata{line}})
	}
}

// moodleNumerical: the key with its tolerance, half marks within the partial tolerance,
// the misconceptions with their feedback, and a catch-all.
func moodleNumerical(q *mQuestion, n *Number) {
	q.Type = "numerical"
	val := formatNumber(n.Value)
	q.Answers = append(q.Answers, mAnswer{Fraction: "100", Format: "moodle_auto_format", Text: cdata{val},
		Tolerance: formatNumber(n.Tolerance), Feedback: htmlText("Correct: " + val + " " + n.Unit + ".")})
	if n.PartialTolerance > n.Tolerance {
		q.Answers = append(q.Answers, mAnswer{Fraction: "50", Format: "moodle_auto_format", Text: cdata{val},
			Tolerance: formatNumber(n.PartialTolerance), Feedback: htmlText("Close: the runtime gives " + val + " " + n.Unit + ".")})
	}
	for _, m := range n.Misconceptions {
		q.Answers = append(q.Answers, mAnswer{Fraction: "0", Format: "moodle_auto_format", Text: cdata{m.Text},
			Tolerance: formatNumber(n.Tolerance), Feedback: htmlText(m.Feedback)})
	}
	q.Answers = append(q.Answers, mAnswer{Fraction: "0", Format: "moodle_auto_format", Text: cdata{"*"},
		Feedback: htmlText("The runtime gives " + val + " " + n.Unit + ".")})
	q.UnitGradingType, q.UnitPenalty, q.ShowUnits, q.UnitsLeft = "0", "0.1000000", "3", "0"
	if n.Unit != "" {
		q.Units = &[]mUnit{{Multiplier: "1", Name: n.Unit}}
	}
}

// moodleMultichoice: right options share 100%; with several right options a wrong one
// costs 100% (Moodle floors the mark at zero), with one it earns nothing.
func moodleMultichoice(q *mQuestion, it *Item) {
	q.Type = "multichoice"
	q.Single, q.ShuffleAnswers, q.AnswerNumbering = strconv.FormatBool(!it.Multiple), "true", "abc"
	combinedFeedback(q)
	for _, o := range it.Options {
		frac := "0"
		switch {
		case o.Credit > 0:
			frac = fraction(o.Credit)
		case it.Multiple:
			frac = "-100"
		}
		text := "<pre>" + html.EscapeString(o.Text) + "</pre>"
		if !strings.Contains(o.Text, "\n") && it.Content.Kind != "order" {
			text = html.EscapeString(o.Text)
		}
		q.Answers = append(q.Answers, mAnswer{Fraction: frac, Format: "html", Text: cdata{text}, Feedback: htmlText("<p>" + paragraphs(o.Feedback) + "</p>")})
	}
}

// fraction writes a credit as a Moodle grade percentage (five decimals, as Moodle's own
// 33.33333).
func fraction(credit float64) string {
	s := strconv.FormatFloat(credit*100, 'f', 5, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

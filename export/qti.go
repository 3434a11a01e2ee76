package export

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"text/template"
)

// QTI writes items as a QTI 3.0 content package (a zip): one qti-assessment-item per
// variant under items/, a qti-assessment-test (tests/looplab.xml) with a section per
// question that selects one of its variants, and imsmanifest.xml listing them. An item
// scores as looplab grades: an order or a queue by the longest common subsequence of
// the response and the key (qtiLCS), a number 1 within the tolerance and 0.5 within the
// partial tolerance, a choice by mapping each option to its credit (as Moodle's
// fractions do); it shows the explanation snapshot as modal feedback. An exercise is
// scored by a human, with a scorer rubric.
// The files validate against 1EdTech's QTI 3.0 schemas (export/testdata/qti3).
func QTI(w io.Writer, items []Item) error {
	zw := zip.NewWriter(w)
	var resources []qtiResource
	var sections []qtiSection
	for i := range items {
		it := &items[i]
		href := "items/" + it.ID() + ".xml"
		if err := writeTemplate(zw, href, "item", qtiItemOf(it)); err != nil {
			return err
		}
		id := qtiID(it.ID())
		resources = append(resources, qtiResource{ID: id, Type: "imsqti_item_xmlv3p0", Href: href})
		if it.VariantNo == 1 {
			sections = append(sections, qtiSection{ID: qtiID("section-" + it.Slug), Title: it.Content.Title.In(it.Lang)})
		}
		s := &sections[len(sections)-1]
		s.Select = it.Variants
		s.Items = append(s.Items, qtiRef{ID: id, Href: "../" + href})
	}
	test := qtiResource{ID: "looplab-test", Type: "imsqti_test_xmlv3p0", Href: "tests/looplab.xml"}
	if err := writeTemplate(zw, test.Href, "test", sections); err != nil {
		return err
	}
	for _, r := range resources {
		test.Depends = append(test.Depends, r.ID)
	}
	if err := writeTemplate(zw, "imsmanifest.xml", "manifest", append([]qtiResource{test}, resources...)); err != nil {
		return err
	}
	return zw.Close()
}

func writeTemplate(zw *zip.Writer, name, tmpl string, data any) error {
	var buf bytes.Buffer
	if err := qtiTemplates.ExecuteTemplate(&buf, tmpl, data); err != nil {
		return err
	}
	f, err := zw.Create(name)
	if err != nil {
		return err
	}
	_, err = f.Write(buf.Bytes())
	return err
}

type qtiResource struct {
	ID, Type, Href string
	Depends        []string
}

type qtiRef struct{ ID, Href string }

type qtiSection struct {
	ID, Title string
	Select    int
	Items     []qtiRef
}

type qtiChoice struct {
	ID, Text string
	Credit   string
}

type qtiItem struct {
	ID, Title, Lang        string
	Cardinality, BaseType  string
	Correct                []string
	Interaction            string // order, queue, choice, text, essay
	Choices                []qtiChoice
	MaxChoices             int
	Mapped                 bool // a choice maps options to credits
	LCS                    *qtiLCS
	Tolerance              string
	PartialTolerance       string // "": no partial credit
	ExpectedLines          int
	Starter, Grader        string
	StarterIntro           string
	QuestionHTML, Feedback string
}

// qtiID makes an identifier of QTI's kind (an NCName: no leading digit).
func qtiID(s string) string {
	return "looplab-" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, s)
}

func qtiItemOf(it *Item) qtiItem {
	q := qtiItem{ID: qtiID(it.ID()), Title: it.Title(), Lang: it.Lang, QuestionHTML: it.QuestionHTML(), Feedback: it.ExplanationHTML()}
	switch {
	case it.Exercise != nil:
		q.Interaction, q.Cardinality, q.BaseType = "essay", "single", "string"
		q.Starter, q.Grader, q.StarterIntro = it.Exercise.Starter, it.GraderHTML(), startingCode(it.Lang)
		q.ExpectedLines = max(15, strings.Count(it.Exercise.Starter, "\n")+6)
	case len(it.Order) > 0:
		q.Interaction, q.Cardinality, q.BaseType = "order", "ordered", "identifier"
		for i, line := range it.Order {
			id := "L" + strconv.Itoa(i+1)
			q.Choices = append(q.Choices, qtiChoice{ID: id, Text: line})
			q.Correct = append(q.Correct, id)
		}
		q.LCS = newQTILCS(len(q.Choices), q.Correct, 2, len(q.Correct))
	case it.Queue != nil && len(it.Queue.Candidates) > 0:
		q.Interaction, q.Cardinality, q.BaseType = "queue", "ordered", "identifier"
		q.MaxChoices = len(it.Queue.Candidates)
		ids := map[string]string{}
		for i, c := range it.Queue.Candidates {
			ids[c] = "C" + strconv.Itoa(i+1)
			q.Choices = append(q.Choices, qtiChoice{ID: ids[c], Text: c})
		}
		for _, k := range it.Queue.Key {
			q.Correct = append(q.Correct, ids[k])
		}
		if len(q.Correct) > 0 {
			q.LCS = newQTILCS(len(q.Choices), q.Correct, 0, 0)
		}
	case it.Number != nil:
		q.Interaction, q.Cardinality, q.BaseType = "text", "single", "float"
		if it.Number.Integer {
			q.BaseType = "integer"
		}
		q.Correct = []string{formatNumber(it.Number.Value)}
		q.Tolerance = formatNumber(it.Number.Tolerance)
		if it.Number.PartialTolerance > it.Number.Tolerance {
			q.PartialTolerance = formatNumber(it.Number.PartialTolerance)
		}
	default:
		q.Interaction, q.Cardinality, q.BaseType, q.MaxChoices, q.Mapped = "choice", "single", "identifier", 1, true
		if it.Multiple {
			q.Cardinality, q.MaxChoices = "multiple", 0
		}
		for i, o := range it.Options {
			c := qtiChoice{ID: "O" + strconv.Itoa(i+1), Text: o.Text, Credit: formatNumber(max(o.Credit, -1))}
			if !o.Right && !it.Multiple {
				c.Credit = formatNumber(max(o.Credit, 0))
			}
			q.Choices = append(q.Choices, c)
			if o.Right {
				q.Correct = append(q.Correct, c.ID)
			}
		}
	}
	return q
}

// qtiLCS is the response processing of an order or a queue that scores as looplab does:
// the length of the longest common subsequence of the response and the key, over the
// key's length (Lines, for an order: the response holds every line) or over the longer
// of the response and the key (Lines 0: a queue, where the learner picks labels), and 0
// below MinRun. QTI's response processing has no loops: the textbook table is unrolled,
// a cell an integer outcome LCS-I-J computed from the cells before it.
type qtiLCS struct {
	Cells  []qtiCell // in the order they are computed
	Last   string    // the whole table's cell: the length
	Key    int       // the key's length
	MinRun int
	Lines  int
}

// qtiCell is the table's cell of the response's I-th value and the key's value Key:
// Diag+1 when they match, else the larger of Up and Left ("" for an outcome of the
// table's edge, 0).
type qtiCell struct {
	ID, Key        string
	I              int
	Diag, Up, Left string
}

// newQTILCS makes the table of a response of at most positions values against key.
func newQTILCS(positions int, key []string, minRun, lines int) *qtiLCS {
	cell := func(i, j int) string {
		if i == 0 || j == 0 {
			return ""
		}
		return "LCS-" + strconv.Itoa(i) + "-" + strconv.Itoa(j)
	}
	l := &qtiLCS{Last: cell(positions, len(key)), Key: len(key), MinRun: minRun, Lines: lines}
	for i := 1; i <= positions; i++ {
		for j := 1; j <= len(key); j++ {
			l.Cells = append(l.Cells, qtiCell{ID: cell(i, j), Key: key[j-1], I: i, Diag: cell(i-1, j-1), Up: cell(i-1, j), Left: cell(i, j-1)})
		}
	}
	return l
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

var qtiTemplates = template.Must(template.New("qti").Funcs(template.FuncMap{"x": xmlEscape}).Parse(`
{{- define "item"}}<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0p1_v1p0.xsd"
  identifier="{{x .ID}}" title="{{x .Title}}" adaptive="false" time-dependent="false" xml:lang="{{.Lang}}">
  <qti-response-declaration identifier="RESPONSE" cardinality="{{.Cardinality}}" base-type="{{.BaseType}}">
{{- if eq .Interaction "essay"}}
    <qti-default-value><qti-value>{{x .Starter}}</qti-value></qti-default-value>
{{- else if .Correct}}
    <qti-correct-response>{{range .Correct}}<qti-value>{{x .}}</qti-value>{{end}}</qti-correct-response>
{{- end}}
{{- if .Mapped}}
    <qti-mapping default-value="0" lower-bound="0" upper-bound="1">
{{- range .Choices}}
      <qti-map-entry map-key="{{.ID}}" mapped-value="{{.Credit}}"/>
{{- end}}
    </qti-mapping>
{{- end}}
  </qti-response-declaration>
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"{{if eq .Interaction "essay"}} external-scored="human"{{end}} normal-maximum="1">
    <qti-default-value><qti-value>0</qti-value></qti-default-value>
  </qti-outcome-declaration>
  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>
{{- with .LCS}}{{range .Cells}}
  <qti-outcome-declaration identifier="{{.ID}}" cardinality="single" base-type="integer"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>
{{- end}}{{end}}
  <qti-item-body>
    <div>{{.QuestionHTML}}</div>
{{- if eq .Interaction "order"}}
    <qti-order-interaction response-identifier="RESPONSE" shuffle="true">
{{- range .Choices}}
      <qti-simple-choice identifier="{{.ID}}">{{x .Text}}</qti-simple-choice>
{{- end}}
    </qti-order-interaction>
{{- else if eq .Interaction "queue"}}
    <qti-order-interaction response-identifier="RESPONSE" shuffle="true" min-choices="0" max-choices="{{.MaxChoices}}">
{{- range .Choices}}
      <qti-simple-choice identifier="{{.ID}}">{{x .Text}}</qti-simple-choice>
{{- end}}
    </qti-order-interaction>
{{- else if eq .Interaction "choice"}}
    <qti-choice-interaction response-identifier="RESPONSE" shuffle="true" max-choices="{{.MaxChoices}}">
{{- range .Choices}}
      <qti-simple-choice identifier="{{.ID}}"><pre>{{x .Text}}</pre></qti-simple-choice>
{{- end}}
    </qti-choice-interaction>
{{- else if eq .Interaction "essay"}}
    <div><p>{{.StarterIntro}}</p><pre><code>{{x .Starter}}</code></pre></div>
    <qti-extended-text-interaction response-identifier="RESPONSE" format="preformatted" expected-lines="{{.ExpectedLines}}"/>
    <qti-rubric-block use="scoring" view="scorer">
      <qti-content-body><div>{{.Grader}}</div></qti-content-body>
    </qti-rubric-block>
{{- else}}
    <p><qti-text-entry-interaction response-identifier="RESPONSE" expected-length="12"/></p>
{{- end}}
  </qti-item-body>
  <qti-response-processing>
{{- if .LCS}}{{with .LCS}}
{{- range .Cells}}
    <qti-response-condition>
      <qti-response-if>
        <qti-match><qti-index n="{{.I}}"><qti-variable identifier="RESPONSE"/></qti-index><qti-base-value base-type="identifier">{{.Key}}</qti-base-value></qti-match>
        <qti-set-outcome-value identifier="{{.ID}}"><qti-sum>{{template "cell" .Diag}}<qti-base-value base-type="integer">1</qti-base-value></qti-sum></qti-set-outcome-value>
      </qti-response-if>
      <qti-response-else>
        <qti-set-outcome-value identifier="{{.ID}}"><qti-max>{{template "cell" .Up}}{{template "cell" .Left}}</qti-max></qti-set-outcome-value>
      </qti-response-else>
    </qti-response-condition>
{{- end}}
    <qti-response-condition>
      <qti-response-if>
        <qti-gte><qti-variable identifier="{{.Last}}"/><qti-base-value base-type="integer">{{.MinRun}}</qti-base-value></qti-gte>
        <qti-set-outcome-value identifier="SCORE"><qti-divide><qti-variable identifier="{{.Last}}"/>
{{- if .Lines}}<qti-base-value base-type="integer">{{.Lines}}</qti-base-value>
{{- else}}<qti-max><qti-container-size><qti-variable identifier="RESPONSE"/></qti-container-size><qti-base-value base-type="integer">{{.Key}}</qti-base-value></qti-max>
{{- end}}</qti-divide></qti-set-outcome-value>
      </qti-response-if>
      <qti-response-else>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value>
      </qti-response-else>
    </qti-response-condition>
{{- end}}
{{- else if ne .Interaction "essay"}}
    <qti-response-condition>
      <qti-response-if>
{{- if .Mapped}}
        <qti-not><qti-is-null><qti-variable identifier="RESPONSE"/></qti-is-null></qti-not>
        <qti-set-outcome-value identifier="SCORE"><qti-map-response identifier="RESPONSE"/></qti-set-outcome-value>
{{- else}}
{{- if eq .BaseType "float"}}
        <qti-equal tolerance-mode="absolute" tolerance="{{.Tolerance}} {{.Tolerance}}"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>
{{- else if .Correct}}
        <qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>
{{- else}}
        <qti-is-null><qti-variable identifier="RESPONSE"/></qti-is-null>
{{- end}}
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>
{{- end}}
      </qti-response-if>
{{- if .PartialTolerance}}
      <qti-response-else-if>
        <qti-equal tolerance-mode="absolute" tolerance="{{.PartialTolerance}} {{.PartialTolerance}}"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0.5</qti-base-value></qti-set-outcome-value>
      </qti-response-else-if>
{{- end}}
      <qti-response-else>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value>
      </qti-response-else>
    </qti-response-condition>
{{- end}}
    <qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">EXPLANATION</qti-base-value></qti-set-outcome-value>
  </qti-response-processing>
  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="EXPLANATION" show-hide="show" title="Explanation">
    <qti-content-body><div>{{.Feedback}}</div></qti-content-body>
  </qti-modal-feedback>
</qti-assessment-item>
{{end}}
{{- define "cell"}}{{if .}}<qti-variable identifier="{{.}}"/>{{else}}<qti-base-value base-type="integer">0</qti-base-value>{{end}}{{end}}
{{- define "test"}}<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0p1_v1p0.xsd"
  identifier="looplab-test" title="looplab">
  <qti-test-part identifier="looplab-part" navigation-mode="nonlinear" submission-mode="individual">
{{- range .}}
    <qti-assessment-section identifier="{{x .ID}}" title="{{x .Title}}" visible="true">
{{- if gt .Select 1}}
      <qti-selection select="1"/>
{{- end}}
{{- range .Items}}
      <qti-assessment-item-ref identifier="{{x .ID}}" href="{{x .Href}}"/>
{{- end}}
    </qti-assessment-section>
{{- end}}
  </qti-test-part>
</qti-assessment-test>
{{end}}
{{- define "manifest"}}<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd"
  identifier="looplab-export">
  <metadata>
    <schema>QTI Package</schema>
    <schemaversion>3.0.0</schemaversion>
  </metadata>
  <organizations/>
  <resources>
{{- range .}}
    <resource identifier="{{x .ID}}" type="{{.Type}}" href="{{x .Href}}">
      <file href="{{x .Href}}"/>
{{- range .Depends}}
      <dependency identifierref="{{x .}}"/>
{{- end}}
    </resource>
{{- end}}
  </resources>
</manifest>
{{end}}`))

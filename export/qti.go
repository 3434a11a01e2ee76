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

// QTI writes items as a QTI 3.0 content package (a zip): imsmanifest.xml and one
// qti-assessment-item per question under items/. Each item scores 1 for the correct
// response (numeric ones within the tolerance) and shows the explanation snapshot as
// modal feedback.
func QTI(w io.Writer, items []Item) error {
	zw := zip.NewWriter(w)
	var resources []qtiResource
	for i := range items {
		it := &items[i]
		var buf bytes.Buffer
		if err := qtiTemplates.ExecuteTemplate(&buf, "item", qtiItemOf(it)); err != nil {
			return err
		}
		href := "items/" + it.Slug + ".xml"
		f, err := zw.Create(href)
		if err != nil {
			return err
		}
		if _, err := f.Write(buf.Bytes()); err != nil {
			return err
		}
		resources = append(resources, qtiResource{ID: qtiID(it), Href: href})
	}
	f, err := zw.Create("imsmanifest.xml")
	if err != nil {
		return err
	}
	if err := qtiTemplates.ExecuteTemplate(f, "manifest", resources); err != nil {
		return err
	}
	return zw.Close()
}

type qtiResource struct{ ID, Href string }

type qtiChoice struct{ ID, Text string }

type qtiItem struct {
	ID, Title, Lang        string
	Cardinality, BaseType  string
	Correct                []string
	Interaction            string // order, choice, text
	Choices                []qtiChoice
	MaxChoices             int
	Tolerance              string
	QuestionHTML, Feedback string
}

func qtiID(it *Item) string { return "looplab-" + it.Slug + "-v" + strconv.Itoa(it.Version) }

func qtiItemOf(it *Item) qtiItem {
	q := qtiItem{ID: qtiID(it), Title: it.Content.Title.In(it.Lang), Lang: it.Lang,
		QuestionHTML: it.QuestionHTML(), Feedback: it.ExplanationHTML()}
	switch {
	case len(it.Order) > 0:
		q.Interaction, q.Cardinality, q.BaseType = "order", "ordered", "identifier"
		for i, line := range it.Order {
			id := "L" + strconv.Itoa(i+1)
			q.Choices = append(q.Choices, qtiChoice{id, line})
			q.Correct = append(q.Correct, id)
		}
	case it.Number != nil:
		q.Interaction, q.Cardinality, q.BaseType = "text", "single", "float"
		q.Correct = []string{formatNumber(it.Number.Value)}
		q.Tolerance = formatNumber(it.Number.Tolerance)
	default:
		q.Interaction, q.Cardinality, q.BaseType, q.MaxChoices = "choice", "single", "identifier", 1
		if it.Multiple {
			q.Cardinality, q.MaxChoices = "multiple", 0
		}
		for _, o := range it.Options {
			id := "O_" + strings.ReplaceAll(o.ID, "-", "_")
			q.Choices = append(q.Choices, qtiChoice{id, o.Text})
			if o.Credit > 0 {
				q.Correct = append(q.Correct, id)
			}
		}
	}
	return q
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

var qtiTemplates = template.Must(template.New("qti").Funcs(template.FuncMap{"x": xmlEscape}).Parse(`
{{- define "item"}}<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"
  identifier="{{x .ID}}" title="{{x .Title}}" adaptive="false" time-dependent="false" xml:lang="{{.Lang}}">
  <qti-response-declaration identifier="RESPONSE" cardinality="{{.Cardinality}}" base-type="{{.BaseType}}">
    <qti-correct-response>{{range .Correct}}<qti-value>{{x .}}</qti-value>{{end}}</qti-correct-response>
  </qti-response-declaration>
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float">
    <qti-default-value><qti-value>0</qti-value></qti-default-value>
  </qti-outcome-declaration>
  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>
  <qti-item-body>
    <div>{{.QuestionHTML}}</div>
{{- if eq .Interaction "order"}}
    <qti-order-interaction response-identifier="RESPONSE" shuffle="true">
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
{{- else}}
    <p><qti-text-entry-interaction response-identifier="RESPONSE" expected-length="12"/></p>
{{- end}}
  </qti-item-body>
  <qti-response-processing>
    <qti-response-condition>
      <qti-response-if>
{{- if eq .Interaction "text"}}
        <qti-equal tolerance-mode="absolute" tolerance="{{.Tolerance}} {{.Tolerance}}"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>
{{- else}}
        <qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>
{{- end}}
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>
      </qti-response-if>
      <qti-response-else>
        <qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value>
      </qti-response-else>
    </qti-response-condition>
    <qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">EXPLANATION</qti-base-value></qti-set-outcome-value>
  </qti-response-processing>
  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="EXPLANATION" show-hide="show" title="Explanation">
    <qti-content-body><div>{{.Feedback}}</div></qti-content-body>
  </qti-modal-feedback>
</qti-assessment-item>
{{end}}
{{- define "manifest"}}<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="looplab-export">
  <metadata>
    <schema>QTI Package</schema>
    <schemaversion>3.0.0</schemaversion>
  </metadata>
  <organizations/>
  <resources>
{{- range .}}
    <resource identifier="{{x .ID}}" type="imsqti_item_xmlv3p0" href="{{x .Href}}">
      <file href="{{x .Href}}"/>
    </resource>
{{- end}}
  </resources>
</manifest>
{{end}}`))

package lti

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"io"
)

// autopostScript is the only script of the pages; PageCSP allows it by its hash.
const autopostScript = `document.getElementById("autopost").submit()`

// PageCSP is the Content-Security-Policy of the pages: no external resource, inline
// styles, and only the auto-post script.
func PageCSP() string {
	sum := sha256.Sum256([]byte(autopostScript))
	return "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-" +
		base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'"
}

// The pages the LTI flow shows in the browser: self-contained HTML, no external assets.
var pages = template.Must(template.New("lti").Parse(`
{{define "head"}}<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>{{.Title}}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem}.reason{font-family:ui-monospace,monospace;color:#555}label{display:block;padding:.4rem 0}
.meta{color:#666;font-size:.9rem}fieldset{border:1px solid #ccc;margin:1rem 0;padding:.5rem 1rem}legend{font-weight:600}button{font-size:1rem;padding:.5rem 1.2rem}</style></head><body>{{end}}

{{define "error"}}{{template "head" .}}
<h1>{{.Title}}</h1>
<p>{{.Message}}</p>
<p class="reason">Error code: <span id="reason" data-reason="{{.Reason}}">{{.Reason}}</span></p>
</body></html>{{end}}

{{define "picker"}}{{template "head" .}}
<h1>{{.Title}}</h1>
<form method="post" action="{{.Action}}">
<input type="hidden" name="session" value="{{.Session}}">
<fieldset><legend>{{.T.Topics}}</legend>
<p class="meta">{{.T.TopicsHelp}}</p>
{{range .Topics}}<label><input type="{{$.Input}}" name="topic" value="{{.Topic}}"> {{.Topic}}
<span class="meta">{{.Count}} {{$.T.Questions}}</span></label>
{{else}}<p>{{$.T.None}}</p>{{end}}
</fieldset>
<fieldset><legend>{{.T.Single}}</legend>
{{range .Questions}}<label><input type="{{$.Input}}" name="question" value="{{.Slug}}"> {{.Title}}
<span class="meta">{{.Kind}} · {{.Topic}} · {{$.T.Difficulty}} {{.Difficulty}}</span></label>
{{else}}<p>{{$.T.None}}</p>{{end}}
<label><input type="checkbox" name="as_set" value="1"> {{.T.AsSet}}</label>
<label>{{.T.SetTitle}} <input type="text" name="set_title" maxlength="200"></label>
</fieldset>
<p><button type="submit">{{.T.Submit}}</button></p>
</form>
</body></html>{{end}}

{{define "autopost"}}{{template "head" .}}
<form id="autopost" method="post" action="{{.Action}}">
{{range $k, $v := .Fields}}<input type="hidden" name="{{$k}}" value="{{$v}}">{{end}}
<noscript><p>{{.Message}}</p><button type="submit">Continue</button></noscript>
</form>
<script>{{.Script}}</script>
</body></html>{{end}}
`))

// ErrorPage writes the page of a refused LTI step.
func ErrorPage(w io.Writer, e *LaunchError) error {
	return pages.ExecuteTemplate(w, "error", map[string]any{
		"Lang": "en", "Title": "looplab could not open this activity", "Message": e.Message, "Reason": e.Reason})
}

// PickerItem is one question offered in the deep-linking picker.
type PickerItem struct {
	Slug       string
	Title      string
	Kind       string
	Topic      string
	Difficulty int
}

// PickerTopic is one topic offered in the picker as a set: its published questions.
type PickerTopic struct {
	Topic string
	Count int
}

// pickerText is the picker's text in English and Vietnamese.
var pickerText = map[string]map[string]string{
	"en": {
		"Title": "Choose looplab questions for your course", "Topics": "A topic as one graded activity",
		"TopicsHelp": "The learner walks through every question of the topic; the grade is the mean of the best scores.",
		"Questions":  "questions", "Single": "Single questions", "Difficulty": "difficulty", "None": "No published questions yet.",
		"AsSet":    "Add the chosen questions as one set (one activity, graded by the mean of the best scores)",
		"SetTitle": "Title of the set (optional)", "Submit": "Add to the course",
	},
	"vi": {
		"Title": "Chọn câu hỏi looplab cho khoá học", "Topics": "Một chủ đề thành một hoạt động có điểm",
		"TopicsHelp": "Người học làm lần lượt mọi câu hỏi của chủ đề; điểm là trung bình điểm cao nhất của từng câu.",
		"Questions":  "câu hỏi", "Single": "Từng câu hỏi", "Difficulty": "độ khó", "None": "Chưa có câu hỏi nào được xuất bản.",
		"AsSet":    "Thêm các câu đã chọn thành một bộ (một hoạt động, điểm là trung bình điểm cao nhất)",
		"SetTitle": "Tên của bộ câu hỏi (không bắt buộc)", "Submit": "Thêm vào khoá học",
	},
}

// PickerPage writes the deep-linking picker: topics (posted as "topic" fields) and
// questions (posted as "question" fields, with "as_set" and "set_title" to add them as
// one set) to choose from, posted to action with the session id. multiple selects
// checkboxes over radio buttons. lang is "vi" or "en".
func PickerPage(w io.Writer, action, session, lang string, topics []PickerTopic, items []PickerItem, multiple bool) error {
	input := "radio"
	if multiple {
		input = "checkbox"
	}
	text, ok := pickerText[lang]
	if !ok {
		lang, text = "en", pickerText["en"]
	}
	return pages.ExecuteTemplate(w, "picker", map[string]any{
		"Lang": lang, "Title": text["Title"], "T": text, "Action": action, "Session": session,
		"Topics": topics, "Questions": items, "Input": input})
}

// AutoPostPage writes a page that form-POSTs fields to action at once (with a button
// when scripts are off).
func AutoPostPage(w io.Writer, action string, fields map[string]string) error {
	return pages.ExecuteTemplate(w, "autopost", map[string]any{
		"Lang": "en", "Title": "Returning to your course", "Action": action, "Fields": fields,
		"Message": "Press Continue to return to your course.", "Script": template.JS(autopostScript)})
}

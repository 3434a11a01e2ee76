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
.meta{color:#666;font-size:.9rem}button{font-size:1rem;padding:.5rem 1.2rem}</style></head><body>{{end}}

{{define "error"}}{{template "head" .}}
<h1>{{.Title}}</h1>
<p>{{.Message}}</p>
<p class="reason">Error code: <span id="reason" data-reason="{{.Reason}}">{{.Reason}}</span></p>
</body></html>{{end}}

{{define "picker"}}{{template "head" .}}
<h1>{{.Title}}</h1>
<form method="post" action="{{.Action}}">
<input type="hidden" name="session" value="{{.Session}}">
{{range .Questions}}<label><input type="{{$.Input}}" name="question" value="{{.Slug}}"> {{.Title}}
<span class="meta">{{.Kind}} · {{.Topic}} · difficulty {{.Difficulty}}</span></label>
{{else}}<p>No published questions yet.</p>{{end}}
<p><button type="submit">Add to the course</button></p>
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

// PickerPage writes the deep-linking picker: the questions to choose from, posted as
// "question" fields to action with the session id. multiple selects checkboxes over
// radio buttons.
func PickerPage(w io.Writer, action, session, lang string, items []PickerItem, multiple bool) error {
	input := "radio"
	if multiple {
		input = "checkbox"
	}
	title := "Choose looplab questions for your course"
	if lang == "vi" {
		title = "Chọn câu hỏi looplab cho khoá học"
	}
	return pages.ExecuteTemplate(w, "picker", map[string]any{
		"Lang": lang, "Title": title, "Action": action, "Session": session, "Questions": items, "Input": input})
}

// AutoPostPage writes a page that form-POSTs fields to action at once (with a button
// when scripts are off).
func AutoPostPage(w io.Writer, action string, fields map[string]string) error {
	return pages.ExecuteTemplate(w, "autopost", map[string]any{
		"Lang": "en", "Title": "Returning to your course", "Action": action, "Fields": fields,
		"Message": "Press Continue to return to your course.", "Script": template.JS(autopostScript)})
}

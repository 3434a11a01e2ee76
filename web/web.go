// Package web holds looplab's browser pages: plain HTML, CSS and JavaScript modules,
// embedded in the binary (no build step, no CDN, nothing fetched from the internet at run
// time). api serves FS at / and /app/; the pages talk to the REST API under /v1 with an
// Authorization: Bearer header (a learner token or an instructor's API key, both kept in
// sessionStorage, never in a URL that reaches a server log).
//
// The pages:
//
//   - index.html: sign-in (learner token or API key) and the way to everything else;
//   - practice.html: choose a topic or what is due, answer a question variant with the
//     control its kind needs, read the grade, step through the trace from the step where
//     the answer went wrong, ask for a hint, see progress by topic and the streak;
//   - author.html: an instructor edits a question, previews a variant in the visualiser,
//     publishes it and reads its statistics;
//   - play.html: the playground, which simulates any program (shareable by a link whose
//     program lives in the URL fragment);
//   - classes.html, join.html, class.html: an instructor's classes, assessments and
//     gradebook; joining a class with its code; a class's learner's assessments.
//
// The API reference (/docs/api, package reference/) is Redoc rendering /openapi.json.
//
// js/visualiser.js is the step-through component every trace is shown with, and
// js/timeline.js draws the per-request timeline of server scenarios.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// reference is the API reference page (/docs/api): Redoc, vendored from npm with its
// licences (scripts/reference/vendor-redoc.sh; reference/VERSION), rendering /openapi.json.
//
//go:embed reference
var reference embed.FS

// Reference returns the API reference page's files, rooted at its index.html.
func Reference() fs.FS {
	sub, err := fs.Sub(reference, "reference")
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}

// FS returns the static files, rooted at the directory that holds index.html.
func FS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}

package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"path"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
	"github.com/looplab/looplab/web"
)

// webCSP keeps the pages to their own origin: no inline script, no <style> element,
// nothing from elsewhere. Style attributes are allowed (style-src-attr): the code editor
// (CodeMirror) sets one on its content (tab-size), and an attribute cannot load anything.
const webCSP = "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"

// webFile is one embedded page asset, ready to send: its type, ETag and a gzip copy
// when that is smaller.
type webFile struct {
	body, gz    []byte
	ctype, etag string
}

// refCSP is the API reference page's: Redoc styles its parts with style elements and
// builds its search index in a worker made from a blob; everything else as webCSP.
const refCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"

// mountWeb serves the browser pages of package web: index.html at / and every asset
// under /app/ (a page also without its .html), and the API reference at /docs/api.
// Files are read and compressed once, here.
func (s *Server) mountWeb() {
	pages := s.webFiles(web.FS(), webCSP)
	s.app.Get("/", pages)
	s.app.Get("/app/*", pages)
	ref := s.webFiles(web.Reference(), refCSP)
	s.app.Get("/docs/api", ref)
	s.app.Get("/docs/api/*", ref)
}

// webFiles returns the handler that serves the files of fsys (name from the route's
// wildcard; a directory or no name is its index.html), HTML with the policy csp. A file
// NAME.gz is served decompressed as NAME.
func (s *Server) webFiles(fsys fs.FS, csp string) fiber.Handler {
	files := map[string]*webFile{}
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		if name, ok := strings.CutSuffix(p, ".gz"); ok { // kept compressed in the repository
			if body, err = gunzip(body); err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			p = name
		}
		files[p] = newWebFile(p, body)
		return nil
	})
	return func(c *fiber.Ctx) error {
		if c.Path() == "/app" {
			return c.Redirect("/app/", fiber.StatusMovedPermanently)
		}
		name := strings.TrimPrefix(c.Params("*"), "/")
		if name == "" || strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		f, ok := files[name]
		if !ok {
			f, ok = files[name+".html"] // /app/practice is practice.html (the LTI launch goes there)
		}
		if !ok {
			return quiz.Errorf(quiz.ENOTFOUND, "No such page.")
		}
		return f.send(c, csp)
	}
}

// newWebFile prepares a file to send: its type, ETag and a gzip copy when that is smaller.
func newWebFile(name string, body []byte) *webFile {
	sum := sha256.Sum256(body)
	f := &webFile{body: body, ctype: mime.TypeByExtension(path.Ext(name)), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	if f.ctype == "" {
		f.ctype = fiber.MIMEOctetStream
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	if buf.Len() < len(body)*9/10 {
		f.gz = buf.Bytes()
	}
	return f
}

// send writes the file, or 304 when the request names its ETag.
func (f *webFile) send(c *fiber.Ctx, csp string) error {
	c.Set(fiber.HeaderContentType, f.ctype)
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Set(fiber.HeaderETag, f.etag)
	c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
	if strings.HasPrefix(f.ctype, fiber.MIMETextHTML) {
		c.Set(fiber.HeaderContentSecurityPolicy, csp)
	}
	if c.Get(fiber.HeaderIfNoneMatch) == f.etag {
		return c.SendStatus(fiber.StatusNotModified)
	}
	if f.gz != nil && strings.Contains(c.Get(fiber.HeaderAcceptEncoding), "gzip") {
		c.Set(fiber.HeaderContentEncoding, "gzip")
		return c.Send(f.gz)
	}
	return c.Send(f.body)
}

// gunzip is the content of a gzip file.
func gunzip(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
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

// mountWeb serves the browser pages of package web: index.html at / and every asset
// under /app/ (a page also without its .html). Files are read and compressed once, here.
func (s *Server) mountWeb() {
	files := map[string]*webFile{}
	_ = fs.WalkDir(web.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(web.FS(), p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		f := &webFile{body: body, ctype: mime.TypeByExtension(path.Ext(p)), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
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
		files[p] = f
		return nil
	})
	serve := func(c *fiber.Ctx) error {
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
		c.Set(fiber.HeaderContentType, f.ctype)
		c.Set(fiber.HeaderCacheControl, "no-cache")
		c.Set(fiber.HeaderETag, f.etag)
		c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
		c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
		c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
		if strings.HasPrefix(f.ctype, fiber.MIMETextHTML) {
			c.Set(fiber.HeaderContentSecurityPolicy, webCSP)
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
	s.app.Get("/", serve)
	s.app.Get("/app/*", serve)
}

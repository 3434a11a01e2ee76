package api

import (
	"html/template"
	"net/http"
	"sort"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/looplab/looplab/quiz"
)

// problemDocs explains each problem type (the code at the end of a problem's "type",
// /problems/CODE): what it means and what to do. GET /problems/CODE serves it as a page,
// so every type URI of a problem resolves.
var problemDocs = map[string]quiz.Text{ //nolint:gochecknoglobals // a read-only table
	quiz.EINVALID: {EN: "The request is malformed or a field is invalid: unknown or missing fields, wrong types, values out of range, an unknown query parameter value. errors lists each field at fault; fix them and send the request again.",
		VI: "Yêu cầu sai định dạng hoặc có trường không hợp lệ: trường lạ hoặc thiếu, sai kiểu, giá trị ngoài khoảng cho phép, giá trị tham số truy vấn không được hỗ trợ. errors liệt kê từng trường bị lỗi; sửa rồi gửi lại."},
	quiz.ENOTFOUND: {EN: "The resource does not exist, or it is not visible to this credential (a learner sees only its own learner and attempts; drafts belong to their author).",
		VI: "Tài nguyên không tồn tại, hoặc thông tin xác thực này không được thấy nó (học viên chỉ thấy chính mình và các lượt làm của mình; bản nháp thuộc về tác giả)."},
	quiz.ECONFLICT: {EN: "The request conflicts with the current state: a slug or external id that is taken, a variant that changed since it was fetched (fetch it again), an Idempotency-Key used for another request.",
		VI: "Yêu cầu xung đột với trạng thái hiện tại: slug hoặc external id đã có, biến thể đã đổi từ lúc tải (hãy tải lại), Idempotency-Key đã dùng cho một yêu cầu khác."},
	quiz.EUNAUTHORIZED: {EN: "No credential, or one the server does not accept: send Authorization: Bearer with an API key or a learner token that has not expired and whose key was not revoked.",
		VI: "Thiếu thông tin xác thực, hoặc server không chấp nhận: gửi Authorization: Bearer với API key hoặc token học viên còn hạn và có key chưa bị thu hồi."},
	quiz.EFORBIDDEN: {EN: "The credential is valid but its role may not do this (an app does not author, an instructor edits only its own questions, only admins manage keys), or the browser's origin is not in LOOPLAB_CORS_ORIGINS.",
		VI: "Thông tin xác thực hợp lệ nhưng vai trò của nó không được làm việc này (app không soạn câu hỏi, giảng viên chỉ sửa câu hỏi của mình, chỉ admin quản lý key), hoặc origin của trình duyệt không có trong LOOPLAB_CORS_ORIGINS."},
	quiz.ERATELIMITED: {EN: "Too many requests for this credential or client address. Wait for Retry-After seconds; the RateLimit and RateLimit-Policy headers say the quota and what is left.",
		VI: "Quá nhiều yêu cầu cho thông tin xác thực hoặc địa chỉ này. Hãy chờ Retry-After giây; header RateLimit và RateLimit-Policy cho biết hạn mức và phần còn lại."},
	quiz.EANSWER: {EN: "The answer does not fit the question: an order that is not a permutation of the presented lines, an option that is not offered, a number that is not finite or out of range, a program that is empty. errors[0].message says what is wrong. Nothing was graded or stored: no attempt, no grade sent anywhere, the learner's schedule unchanged.",
		VI: "Câu trả lời không khớp với câu hỏi: thứ tự không phải là hoán vị của các dòng được đưa ra, lựa chọn không có trong danh sách, số không hữu hạn hoặc ngoài khoảng, chương trình rỗng. errors[0].message cho biết chỗ sai. Không có gì được chấm hay lưu: không có lượt làm, không gửi điểm đi đâu, lịch ôn của học viên giữ nguyên."},
	quiz.EPRECONDITION: {EN: "The resource changed since the copy named by If-Match was read: another edit came first. Read it again (GET, with its new ETag), redo the change on it, and send it with the new ETag. Nothing was changed.",
		VI: "Tài nguyên đã đổi kể từ bản được nêu trong If-Match: có một chỉnh sửa khác đến trước. Hãy đọc lại (GET, lấy ETag mới), làm lại thay đổi trên bản đó và gửi kèm ETag mới. Không có gì bị thay đổi."},
	quiz.EUNAVAILABLE: {EN: "The server cannot take the request now, and the same request may succeed later: the simulator's queue for this kind of caller is full or no slot was free in time, the server holds too many request bodies, or the database cannot write (a full disk). Wait for Retry-After seconds and send it again.",
		VI: "Server chưa nhận được yêu cầu lúc này, nhưng gửi lại sau có thể thành công: hàng đợi của trình mô phỏng cho loại người gọi này đã đầy hoặc không có chỗ trống kịp, server đang giữ quá nhiều nội dung yêu cầu, hoặc cơ sở dữ liệu không ghi được (đầy đĩa). Hãy chờ Retry-After giây rồi gửi lại."},
	quiz.EUNSUPPORTED: {EN: "The request is well formed but asks for a Node release looplab does not simulate (node or scenario.node of a simulation, node of a question). The simulated releases are 10, 20, 22, 24 and 26 (a major, or the exact version each reports: 24.18.0); errors names the field. Nothing was run or stored.",
		VI: "Yêu cầu đúng định dạng nhưng hỏi một phiên bản Node mà looplab không mô phỏng (node hoặc scenario.node của một lần mô phỏng, node của một câu hỏi). Các phiên bản được mô phỏng là 10, 20, 22, 24 và 26 (số phiên bản chính, hoặc đúng phiên bản mỗi bản báo: 24.18.0); errors nêu trường bị lỗi. Không có gì được chạy hay lưu."},
	quiz.EINTERNAL: {EN: "The server failed. The problem carries a request_id; the server's log has the details under it.",
		VI: "Server gặp lỗi. Problem có request_id; log của server ghi chi tiết dưới mã đó."},
}

var problemPage = template.Must(template.New("problem").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · looplab problem types</title><link rel="stylesheet" href="/app/css/app.css"></head>
<body><main id="main"><h1>looplab problem types</h1>
<p>Every error of the API is an RFC 9457 problem (<code>application/problem+json</code>) whose <code>type</code> is one of these pages.</p>
{{range .Items}}<section class="card" id="{{.Code}}"><h2><code>{{.Code}}</code>: HTTP {{.Status}} {{.StatusText}}</h2>
<p>{{.Text.EN}}</p><p lang="vi">{{.Text.VI}}</p></section>
{{end}}</main></body></html>
`))

type problemItem struct {
	Code       string
	Status     int
	StatusText string
	Text       quiz.Text
}

// handleProblemType serves the page that explains a problem type (GET /problems/CODE),
// or all of them (GET /problems).
func (s *Server) handleProblemType(c *fiber.Ctx) error {
	code := strings.TrimSuffix(c.Params("code"), ".html")
	var items []problemItem
	for k, text := range problemDocs {
		if code == "" || code == k {
			items = append(items, problemItem{k, statusOf[k], http.StatusText(statusOf[k]), text})
		}
	}
	if len(items) == 0 {
		return quiz.Errorf(quiz.ENOTFOUND, "No such problem type; GET /problems lists them.")
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Status < items[j].Status })
	title := "All"
	if code != "" {
		title = code
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set(fiber.HeaderContentSecurityPolicy, webCSP)
	return problemPage.Execute(c.Response().BodyWriter(), map[string]any{"Title": title, "Items": items})
}

package sim

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
)

// Profile is one Node release the simulator can be: what it reports of itself and the
// behaviour that differs between releases. Profiles are data; the rules that read them
// cite the release that changed the behaviour (docs/node-semantics.md).
type Profile struct {
	// Version is the exact release the profile reports (process.version without "v")
	// and was checked against.
	Version string `json:"version"`
	// Major is the release line ("24").
	Major string `json:"major"`
	// LTS is the release's LTS code name, "" for a Current release.
	LTS string `json:"lts,omitempty"`
	// Versions are process.versions' components other than node.
	UV, V8, Modules, NAPI, OpenSSL, ICU, Unicode, Zlib string `json:"-"`
	// JSONDepth is the deepest nesting JSON.stringify serialises before V8's stack check
	// throws RangeError (measured with node on {o: {o: ...}}, arrays alike; 0: as deep
	// as the call stack goes, for Node 26's iterative serializer).
	JSONDepth int `json:"-"`
	// has holds, bit i, whether the release has changes[i] (set by init).
	has uint64
	// DynamicImportJobs are the promise jobs Node's ES module loader takes to settle an
	// import() beyond the engine's own (measured against a chain of then() with each
	// release's binary: a built-in, a .mjs and a .cjs file alike from Node 22 on).
	DynamicImportJobs ImportJobs `json:"-"`
	// api is the major whose globals, modules and built-ins the profile has (its own;
	// another in Compare's counterfactuals).
	api string
}

// apiMajor is the major whose API surface the profile has.
func (p Profile) apiMajor() string {
	if p.api != "" {
		return p.api
	}
	return p.Major
}

// without is the profile with change id taken back, its API surface that of older for
// the API change (R-V8): the counterfactual Compare runs to find which change made two
// releases differ.
func (p Profile) without(id string, older Profile) Profile {
	for i, c := range changes {
		if c.ID == id {
			p.has &^= 1 << i
		}
	}
	if id == ChangeAPIs {
		p.api = older.apiMajor()
	}
	return p
}

// ImportJobs are the extra promise jobs of an import(): First for a module the loader
// was never asked for, Again for one it was.
type ImportJobs struct{ First, Again int }

// versions is process.versions.
func (p Profile) versions() map[string]any {
	return map[string]any{"node": p.Version, "uv": p.UV, "v8": p.V8, "modules": p.Modules, "napi": p.NAPI,
		"openssl": p.OpenSSL, "icu": p.ICU, "unicode": p.Unicode, "zlib": p.Zlib}
}

// profiles are the Node releases looplab simulates; the values were read from each
// release's own binary (process.versions, process.release.lts, JSONDepth by bisection).
var profiles = []Profile{
	{Version: "10.24.1", Major: "10", LTS: "Dubnium", UV: "1.34.2", V8: "6.8.275.32-node.59", Modules: "64", NAPI: "7", OpenSSL: "1.1.1k", ICU: "64.2", Unicode: "12.1", Zlib: "1.2.11", JSONDepth: 3912},
	{Version: "20.20.2", Major: "20", LTS: "Iron", UV: "1.46.0", V8: "11.3.244.8-node.38", Modules: "115", NAPI: "9", OpenSSL: "3.0.19", ICU: "78.2", Unicode: "17.0", Zlib: "1.3.1-e00f703", JSONDepth: 4185, DynamicImportJobs: ImportJobs{First: 11, Again: 3}},
	{Version: "22.23.5", Major: "22", LTS: "Jod", UV: "1.51.0", V8: "12.4.254.21-node.57", Modules: "127", NAPI: "10", OpenSSL: "3.5.9", ICU: "78.3", Unicode: "17.0", Zlib: "1.3.1-e00f703", JSONDepth: 4172, DynamicImportJobs: ImportJobs{First: 9, Again: 4}},
	{Version: "24.18.0", Major: "24", LTS: "Krypton", UV: "1.52.1", V8: "13.6.233.17-node.50", Modules: "137", NAPI: "10", OpenSSL: "3.5.7", ICU: "78.3", Unicode: "17.0", Zlib: "1.3.1-e00f703", JSONDepth: 4466, DynamicImportJobs: ImportJobs{First: 6, Again: 3}},
	{Version: "26.12.1", Major: "26", UV: "1.52.1", V8: "14.6.202.34-node.40", Modules: "147", NAPI: "10", OpenSSL: "3.5.9", ICU: "78.3", Unicode: "17.0", Zlib: "1.3.2.1-motley-456ae73", DynamicImportJobs: ImportJobs{First: 6, Again: 3}},
}

// nodeStartupUS is how long the release's binary takes from its exec to a script (the CPU
// of `node -e 0`, measured on this machine: Costs.NodeStartupUS).
func (p Profile) nodeStartupUS() int64 {
	switch p.Major {
	case "10":
		return 72_000
	case "20":
		return 134_000
	case "22":
		return 42_000
	case "26":
		return 40_000
	}
	return 38_000
}

// DefaultNode is the profile a scenario gets when it names none: today's LTS, which
// the seed documents were measured on.
const DefaultNode = "24"

// LookupProfile finds the profile of a Node version: a major ("24"), or the exact
// version the profile reports ("24.18.0", with or without "v").
func LookupProfile(version string) (Profile, error) {
	v := strings.TrimPrefix(strings.TrimSpace(version), "v")
	if v == "" {
		v = DefaultNode
	}
	for _, p := range profiles {
		if v == p.Major || v == p.Version {
			return p, nil
		}
	}
	return Profile{}, newError(CodeInvalidInput, "node: %q is not a simulated Node version (%s)", version, strings.Join(ProfileNames(), ", "))
}

// ProfileNames lists the simulated Node versions, oldest first.
func ProfileNames() []string {
	out := make([]string, len(profiles))
	for i, p := range profiles {
		out[i] = fmt.Sprintf("%s (%s)", p.Major, p.Version)
	}
	return out
}

// major is the profile's major as a number.
func (p Profile) major() int {
	n, _ := strconv.Atoi(p.Major)
	return n
}

// Profiles lists the simulated Node releases, oldest first.
func Profiles() []Profile { return slices.Clone(profiles) }

// Change is one behaviour a Node release introduced on which the simulated releases
// differ. Since is the first release that has it, measured with the real binaries where
// the release notes are not precise (the bisection is in docs/node-semantics.md, section
// 16); a profile has a change when its version is at least Since. The rules that differ
// between releases ask the run's profile (Profile.Has) instead of comparing majors, so each
// difference has one name, one release and one sentence in both languages.
type Change struct {
	// ID is the rule's id in docs/node-semantics.md.
	ID string `json:"rule"`
	// Since is the first release with the behaviour ("22.18.0").
	Since string `json:"since"`
	// Now and Before say what releases from Since on do and what older ones did.
	Now      string `json:"now"`
	NowVI    string `json:"now_vi"`
	Before   string `json:"before"`
	BeforeVI string `json:"before_vi"`
}

// The version changes the simulator models (docs/node-semantics.md, section 16).
const (
	ChangeDrainPerCallback = "R-V1"  // 11.0.0: ticks and microtasks after each timer and immediate
	ChangeRejectionsThrow  = "R-V2"  // 15.0.0: an unhandled rejection is an uncaught exception
	ChangeTimersAtEnd      = "R-V3"  // 20.3.0 (libuv 1.45): timers at the end of each iteration
	ChangeESMSyncEntry     = "R-V4"  // 22.18.0: the ES-module entry is read synchronously
	ChangeTLAExit13        = "R-V5"  // 22.15.0: 'exit' listeners get 13 for an unsettled top-level await
	ChangeReadFileOneJob   = "R-V6"  // 26.8.0: a small fs.readFile is one pool job
	ChangeESMUnflagged     = "R-V7"  // 12.17.0: .mjs entries are ES modules without a flag
	ChangeAPIs             = "R-V8"  // the globals, modules and built-ins of each release
	ChangeRequireScheme    = "R-V9"  // 14.18.0: require() takes the node: scheme
	ChangeIntervalStart    = "R-V10" // 11.0.0: an interval's period counts from its callback's start
	ChangeCallbackArgType  = "R-V11" // 18.0.0: a callback that is not a function is ERR_INVALID_ARG_TYPE
	ChangeCheckScope       = "R-V12" // 14.5.0: the check phase opens with a callback scope
	ChangeCheckScopeGone   = "R-V13" // 26.4.0: ... and no longer does
	ChangeAutoDestroy      = "R-V14" // 14.0.0: streams destroy themselves once done ('close')
	ChangeEndCallbackFirst = "R-V15" // 15.0.0: end(cb)'s callback before the 'finish' listeners
	ChangeErrorNameNoCode  = "R-V16" // 12.0.0: a Node error's name no longer carries its code
	ChangeReadOneChunk     = "R-V17" // 26.0.0: a paused Readable's read() returns one chunk
	ChangeMessageCloseSync = "R-V18" // 26.9.0: an ended IncomingMessage closes one tick after 'end'
	ChangeBroadcastTag     = "R-V19" // 26.12.1: BroadcastChannel has its own toStringTag
	ChangeAbortListenerArg = "R-V20" // 26.12.1: addAbortListener on an aborted signal passes the event
	ChangeAutoSelectFamily = "R-V21" // 26.0.0: net's autoSelectFamilyAttemptTimeout defaults to 500 ms
	ChangeReadResultOrder  = "R-V22" // 26.4.0: a web stream read() result is { done, value }
	ChangeBlockListOrder   = "R-V23" // 26.8.0: BlockList.rules grouped: addresses, subnets, ranges
	ChangeInvalidArgValue  = "R-V24" // 15.0.0: an invalid option value is ERR_INVALID_ARG_VALUE (dns rrtype)
	ChangeZstdTruncated    = "R-V25" // 26.6.0: a truncated zstd frame is Z_BUF_ERROR
	ChangeZstdFrames       = "R-V26" // 26.10.0: zstd decompression decodes concatenated frames
	ChangeZstdPledge       = "R-V27" // 26.12.1: zlib.zstdCompress pledges the input's size
	ChangeArgon2ArgNames   = "R-V28" // 26.7.0: argon2's secret and associatedData are checked by name
	ChangePipeCatchesWrite = "R-V29" // 24.0.0: pipe() destroys its destination with what its write() throws
	ChangeCJSModuleExports = "R-V30" // 23.0.0: an imported CommonJS module's namespace has "module.exports"
	ChangeUsing            = "R-V31" // 24.0.0: using and await using declarations (V8 13.4)
	ChangeEOFNextRead      = "R-V32" // 24.18.0 (libuv 1.52): a pipe's end of file comes in a read of its own
)

// changes are the behaviours that differ between the simulated releases, by release.
var changes = []Change{
	{ID: ChangeDrainPerCallback, Since: "11.0.0",
		Now:      "ticks and promise jobs run after each timer callback and after each setImmediate callback",
		NowVI:    "tick và job Promise chạy sau từng callback timer và sau từng callback setImmediate",
		Before:   "ticks and promise jobs ran only after all the due timers of one duration, and after the whole setImmediate queue",
		BeforeVI: "tick và job Promise chỉ chạy sau tất cả timer tới hạn cùng một độ trễ, và sau cả hàng đợi setImmediate"},
	{ID: ChangeIntervalStart, Since: "11.0.0",
		Now:      "an interval's next run is due one period after its callback started: a callback that outlasts the period is followed by the next run at the next timers phase",
		NowVI:    "lần chạy tiếp theo của một interval tới hạn sau một chu kỳ tính từ lúc callback bắt đầu: callback chạy lâu hơn chu kỳ thì lần chạy tiếp theo đến ngay ở pha timers kế tiếp",
		Before:   "when an interval's callback outlasted its period, the next run was due 1 ms after the callback returned, behind timers that fell due meanwhile",
		BeforeVI: "khi callback của interval chạy lâu hơn chu kỳ, lần chạy tiếp theo tới hạn 1 ms sau khi callback trả về, sau các timer đã tới hạn trong lúc đó"},
	{ID: ChangeErrorNameNoCode, Since: "12.0.0",
		Now:      "an error Node throws is named by its class (err.name is 'TypeError'; the code is in err.code)",
		NowVI:    "lỗi do Node ném ra mang tên lớp của nó (err.name là 'TypeError'; mã lỗi nằm ở err.code)",
		Before:   "its name carried its code: 'TypeError [ERR_UNKNOWN_ENCODING]'",
		BeforeVI: "tên của nó kèm mã lỗi: 'TypeError [ERR_UNKNOWN_ENCODING]'"},
	{ID: ChangeESMUnflagged, Since: "12.17.0",
		Now:      "a .mjs entry file is loaded as an ES module",
		NowVI:    "file .mjs chạy chính được nạp như một ES module",
		Before:   "without --experimental-modules a .mjs entry file was loaded as CommonJS (import and export are syntax errors)",
		BeforeVI: "không có --experimental-modules, file .mjs chạy chính được nạp như CommonJS (import và export là lỗi cú pháp)"},
	{ID: ChangeAutoDestroy, Since: "14.0.0",
		Now:      "a stream destroys itself once it is done (autoDestroy is on by default), so 'close' follows 'finish' and 'end'",
		NowVI:    "stream tự hủy khi đã xong (autoDestroy bật mặc định), nên 'close' đến sau 'finish' và 'end'",
		Before:   "autoDestroy was off by default: a finished stream emitted no 'close'",
		BeforeVI: "autoDestroy tắt mặc định: stream đã xong không phát 'close'"},
	{ID: ChangeCheckScope, Since: "14.5.0",
		Now:      "the check phase opens with a callback scope of its own: ticks and promise jobs that a callback which threw (with an 'uncaughtException' listener) left behind run before the first setImmediate callback",
		NowVI:    "pha check mở đầu bằng một callback scope riêng: tick và job Promise mà một callback ném lỗi (có listener 'uncaughtException') để lại chạy trước callback setImmediate đầu tiên",
		Before:   "they waited until the first setImmediate callback had run",
		BeforeVI: "chúng chờ tới khi callback setImmediate đầu tiên chạy xong"},
	{ID: ChangeRequireScheme, Since: "14.18.0",
		Now:      "require('node:fs') loads the built-in module, as require('fs') does",
		NowVI:    "require('node:fs') nạp module có sẵn, như require('fs')",
		Before:   "require() knew no node: scheme: require('node:fs') threw MODULE_NOT_FOUND (Cannot find module 'node:fs')",
		BeforeVI: "require() không biết tiền tố node:, nên require('node:fs') ném MODULE_NOT_FOUND (Cannot find module 'node:fs')"},
	{ID: ChangeRejectionsThrow, Since: "15.0.0",
		Now:      "a promise rejected with no handler ends the process as an uncaught exception (exit code 1)",
		NowVI:    "Promise bị reject mà không có handler làm tiến trình kết thúc như một ngoại lệ không được bắt (exit code 1)",
		Before:   "an unhandled rejection only printed a warning and the process went on (exit code 0)",
		BeforeVI: "rejection không được xử lý chỉ in cảnh báo và tiến trình chạy tiếp (exit code 0)"},
	{ID: ChangeEndCallbackFirst, Since: "15.0.0",
		Now:      "writable.end(cb) calls cb just before the 'finish' listeners",
		NowVI:    "writable.end(cb) gọi cb ngay trước các listener 'finish'",
		Before:   "end(cb) added cb as a 'finish' listener, after the listeners already there",
		BeforeVI: "end(cb) thêm cb như một listener 'finish', sau các listener đã có"},
	{ID: ChangeCallbackArgType, Since: "18.0.0",
		Now:      "a callback argument that is not a function throws ERR_INVALID_ARG_TYPE (The \"callback\" argument must be of type function)",
		NowVI:    "đối số callback không phải hàm ném ERR_INVALID_ARG_TYPE (The \"callback\" argument must be of type function)",
		Before:   "it threw ERR_INVALID_CALLBACK (Node 10: Callback must be a function)",
		BeforeVI: "nó ném ERR_INVALID_CALLBACK (Node 10: Callback must be a function)"},
	{ID: ChangeTimersAtEnd, Since: "20.3.0",
		Now:      "libuv 1.45+ runs due timers at the end of each loop iteration, before checking whether the loop is still alive",
		NowVI:    "libuv 1.45+ chạy các timer tới hạn ở cuối mỗi vòng lặp, trước khi kiểm tra event loop còn sống hay không",
		Before:   "libuv ran due timers at the start of each iteration, so a due unref'd timer did not run once nothing else kept the loop alive",
		BeforeVI: "libuv chạy timer tới hạn ở đầu mỗi vòng lặp, nên một timer đã unref() không chạy nếu không còn gì giữ event loop"},
	{ID: ChangeTLAExit13, Since: "22.15.0",
		Now:      "an ES module left on an unsettled top-level await passes exit code 13 to 'exit' listeners",
		NowVI:    "ES module dừng ở một top-level await không bao giờ xong truyền exit code 13 cho listener 'exit'",
		Before:   "'exit' listeners received 0, though the process still exited with 13",
		BeforeVI: "listener 'exit' nhận 0, dù tiến trình vẫn thoát với mã 13"},
	{ID: ChangeESMSyncEntry, Since: "22.18.0",
		Now:      "the ES-module loader reads the entry file synchronously: the module body runs before the event loop starts, so its setTimeout(0) races its setImmediate as in CommonJS",
		NowVI:    "bộ nạp ES module đọc file chạy chính một cách đồng bộ: thân module chạy trước khi event loop bắt đầu, nên setTimeout(0) của nó chạy đua với setImmediate như ở CommonJS",
		Before:   "the loader read the entry file with fs/promises: the module body ran in a poll phase, so its setImmediate always came before its setTimeout(0)",
		BeforeVI: "bộ nạp đọc file chạy chính bằng fs/promises: thân module chạy trong pha poll, nên setImmediate của nó luôn chạy trước setTimeout(0)"},
	{ID: ChangePipeCatchesWrite, Since: "24.0.0",
		Now:      "readable.pipe(dest) catches an error that dest.write() throws (a transform() that throws) and destroys dest with it: the error goes to dest's 'error' listeners and to pipeline()'s callback",
		NowVI:    "readable.pipe(dest) bắt lỗi mà dest.write() ném ra (một transform() ném lỗi) và hủy dest với lỗi đó: lỗi đến các listener 'error' của dest và callback của pipeline()",
		Before:   "the error went up through the 'data' event to whatever emitted it: an uncaught exception",
		BeforeVI: "lỗi đi ngược qua sự kiện 'data' tới nơi phát ra nó: một ngoại lệ không được bắt"},
	{ID: ChangeCJSModuleExports, Since: "23.0.0",
		Now:      "an ES module that imports a CommonJS module finds its module.exports under the name \"module.exports\" too, beside default and the names found in its source",
		NowVI:    "một ES module import một module CommonJS thấy module.exports của nó cả dưới tên \"module.exports\", bên cạnh default và các tên tìm thấy trong mã nguồn",
		Before:   "the namespace had default and the names found in the source only",
		BeforeVI: "namespace chỉ có default và các tên tìm thấy trong mã nguồn"},
	{ID: ChangeUsing, Since: "24.0.0",
		Now:      "using and await using declarations dispose their resources when the block is left, last first (V8 13.4's explicit resource management, with DisposableStack, AsyncDisposableStack and SuppressedError)",
		NowVI:    "khai báo using và await using giải phóng tài nguyên khi rời khối, cái sau trước (quản lý tài nguyên tường minh của V8 13.4, cùng DisposableStack, AsyncDisposableStack và SuppressedError)",
		Before:   "using x = ... is a syntax error (Unexpected identifier) and the three globals are missing",
		BeforeVI: "using x = ... là lỗi cú pháp (Unexpected identifier) và ba global đó không có"},
	{ID: ChangeCheckScopeGone, Since: "26.4.0",
		Now:      "the check phase no longer opens with a callback scope: ticks and promise jobs that a callback which threw left behind run after the first setImmediate callback, as before 14.5",
		NowVI:    "pha check không còn mở đầu bằng callback scope: tick và job Promise mà một callback ném lỗi để lại chạy sau callback setImmediate đầu tiên, như trước 14.5",
		Before:   "from 14.5 they ran before the first setImmediate callback",
		BeforeVI: "từ 14.5 chúng chạy trước callback setImmediate đầu tiên"},
	{ID: ChangeReadFileOneJob, Since: "26.8.0",
		Now:      "fs.readFile and fs.promises.readFile of a file up to 512 KiB are one thread-pool job (open, fstat, read and close together)",
		NowVI:    "fs.readFile và fs.promises.readFile với file tới 512 KiB là một job duy nhất trên thread pool (open, fstat, read và close cùng lúc)",
		Before:   "fs.readFile was four thread-pool jobs (open, fstat, read, close), each queued behind the jobs submitted before it",
		BeforeVI: "fs.readFile là bốn job trên thread pool (open, fstat, read, close), mỗi job xếp hàng sau các job đã gửi trước nó"},
	{ID: ChangeReadOneChunk, Since: "26.0.0",
		Now:      "read() with no size on a paused Readable returns the first buffered chunk, as a flowing stream gives them",
		NowVI:    "read() không có kích thước trên một Readable đang tạm dừng trả về chunk đầu tiên trong bộ đệm, như luồng đang chảy vẫn đưa từng chunk",
		Before:   "read() with no size returned everything buffered, joined into one Buffer",
		BeforeVI: "read() không có kích thước trả về toàn bộ dữ liệu trong bộ đệm, gộp thành một Buffer"},
	{ID: ChangeMessageCloseSync, Since: "26.9.0",
		Now:      "an http.IncomingMessage that ended emits 'close' one tick after 'end' (its destroy completes at once)",
		NowVI:    "một http.IncomingMessage đã kết thúc phát 'close' một tick sau 'end' (destroy của nó xong ngay)",
		Before:   "its destroy completed from a nextTick: 'close' came two ticks after 'end'",
		BeforeVI: "destroy của nó xong trong một nextTick: 'close' đến hai tick sau 'end'"},
	{ID: ChangeBroadcastTag, Since: "26.12.1",
		Now:      "a BroadcastChannel prints as [object BroadcastChannel] (Symbol.toStringTag)",
		NowVI:    "BroadcastChannel hiện là [object BroadcastChannel] (Symbol.toStringTag)",
		Before:   "it printed as [object EventTarget], its parent class's tag",
		BeforeVI: "nó hiện là [object EventTarget], tag của lớp cha"},
	{ID: ChangeAbortListenerArg, Since: "26.12.1",
		Now:      "events.addAbortListener on an already aborted signal calls the listener with a trusted 'abort' Event whose target is the signal",
		NowVI:    "events.addAbortListener với signal đã abort gọi listener với một Event 'abort' đáng tin có target là signal",
		Before:   "the listener was called with no argument",
		BeforeVI: "listener được gọi không có đối số"},
	{ID: ChangeAutoSelectFamily, Since: "26.0.0",
		Now:      "net.getDefaultAutoSelectFamilyAttemptTimeout() is 500 ms by default",
		NowVI:    "net.getDefaultAutoSelectFamilyAttemptTimeout() mặc định là 500 ms",
		Before:   "it was 250 ms",
		BeforeVI: "nó là 250 ms"},
	{ID: ChangeReadResultOrder, Since: "26.4.0",
		Now:      "a web stream reader's read() resolves with { done, value } (console.log shows done first)",
		NowVI:    "read() của reader web stream trả về { done, value } (console.log hiện done trước)",
		Before:   "it resolved with { value, done }",
		BeforeVI: "nó trả về { value, done }"},
	{ID: ChangeBlockListOrder, Since: "26.8.0",
		Now:      "net.BlockList's rules list the addresses, then the subnets, then the ranges, each newest first",
		NowVI:    "rules của net.BlockList liệt kê địa chỉ, rồi subnet, rồi range, mỗi nhóm mới nhất trước",
		Before:   "all the rules newest first, whatever their kind",
		BeforeVI: "mọi rule, mới nhất trước, không phân loại"},
	{ID: ChangeInvalidArgValue, Since: "15.0.0",
		Now:      "an invalid option value, such as dns.resolve(name, 'XYZ'), is a TypeError ERR_INVALID_ARG_VALUE: The argument 'rrtype' is invalid. Received 'XYZ'",
		NowVI:    "giá trị tùy chọn không hợp lệ, như dns.resolve(name, 'XYZ'), là TypeError ERR_INVALID_ARG_VALUE: The argument 'rrtype' is invalid. Received 'XYZ'",
		Before:   "it was ERR_INVALID_OPT_VALUE: The value \"XYZ\" is invalid for option \"rrtype\"",
		BeforeVI: "nó là ERR_INVALID_OPT_VALUE: The value \"XYZ\" is invalid for option \"rrtype\""},
	{ID: ChangeZstdTruncated, Since: "26.6.0",
		Now:      "zstd decompression that ends inside a frame (or before any frame) fails with Z_BUF_ERROR (unexpected end of file)",
		NowVI:    "giải nén zstd kết thúc giữa một frame (hoặc khi chưa có frame nào) báo lỗi Z_BUF_ERROR (unexpected end of file)",
		Before:   "it gave the blocks it had whole, without an error",
		BeforeVI: "nó trả về các block đã có trọn vẹn, không báo lỗi"},
	{ID: ChangeZstdFrames, Since: "26.10.0",
		Now:      "zstd decompression decodes every frame of its input, one after another",
		NowVI:    "giải nén zstd giải mã mọi frame của đầu vào, lần lượt từng frame",
		Before:   "it stopped at the end of the first frame of a write (a skippable first frame gave nothing)",
		BeforeVI: "nó dừng ở cuối frame đầu tiên của một lần ghi (frame skippable đứng đầu cho kết quả rỗng)"},
	{ID: ChangeZstdPledge, Since: "26.12.1",
		Now:      "zlib.zstdCompress tells zstd the input's size: the frame header holds the content size, as zstdCompressSync's does",
		NowVI:    "zlib.zstdCompress báo trước kích thước đầu vào cho zstd: header của frame ghi kích thước nội dung, như zstdCompressSync",
		Before:   "its header had no content size (the stream's end was not known when the frame started)",
		BeforeVI: "header của nó không có kích thước nội dung (lúc frame bắt đầu chưa biết khi nào stream kết thúc)"},
	{ID: ChangeArgon2ArgNames, Since: "26.7.0",
		Now:      "crypto.argon2's secret or associatedData that is not bytes throws ERR_INVALID_ARG_TYPE naming parameters.secret (or parameters.associatedData)",
		NowVI:    "secret hoặc associatedData của crypto.argon2 không phải dữ liệu byte thì ném ERR_INVALID_ARG_TYPE, nêu tên parameters.secret (hoặc parameters.associatedData)",
		Before:   "it threw ERR_INTERNAL_ASSERTION ('name' must be a string)",
		BeforeVI: "nó ném ERR_INTERNAL_ASSERTION ('name' must be a string)"},
	{ID: ChangeEOFNextRead, Since: "24.18.0",
		Now:      "libuv 1.52 reads a pipe's end of file in a read of its own, in the next loop iteration when the last read found data: a child that writes and exits has its 'exit' before its stdout's 'end'",
		NowVI:    "libuv 1.52 đọc end of file của một pipe trong một lần đọc riêng, ở vòng lặp kế tiếp nếu lần đọc trước có dữ liệu: tiến trình con ghi rồi thoát phát 'exit' trước 'end' của stdout",
		Before:   "a short read after the writer hung up was the end of file at once: the child's stdout 'end' came before its 'exit'",
		BeforeVI: "một lần đọc ngắn sau khi bên ghi đóng được coi là end of file ngay: 'end' của stdout đến trước 'exit' của tiến trình con"},
	// Every release has its own APIs (apiversions.go): this change has no one release.
	{ID: ChangeAPIs,
		Now:      "each release has exactly the globals, built-in modules and JavaScript built-ins its own binary has",
		NowVI:    "mỗi phiên bản có đúng các biến toàn cục, module có sẵn và hàm dựng sẵn của JavaScript mà chính bản đó có",
		Before:   "an API a release lacks is not there: a program stops where it uses it (ReferenceError, TypeError, MODULE_NOT_FOUND)",
		BeforeVI: "API mà một phiên bản chưa có thì không tồn tại: chương trình dừng ở chỗ dùng nó (ReferenceError, TypeError, MODULE_NOT_FOUND)"},
}

// Changes lists the behaviours that differ between the simulated releases, oldest first.
func Changes() []Change { return slices.Clone(changes) }

// ChangeByID returns the change of a rule id.
func ChangeByID(id string) (Change, bool) {
	for _, c := range changes {
		if c.ID == id {
			return c, true
		}
	}
	return Change{}, false
}

// Has reports whether the profile's release has the change of rule id.
func (p Profile) Has(id string) bool {
	for i, c := range changes {
		if c.ID == id {
			return p.has&(1<<i) != 0
		}
	}
	return false
}

func init() {
	for i := range profiles {
		for j, c := range changes {
			if compareVersions(profiles[i].Version, c.Since) >= 0 {
				profiles[i].has |= 1 << j
			}
		}
	}
}

// compareVersions orders two x.y.z versions numerically.
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if x != y {
			return cmp.Compare(x, y)
		}
	}
	return 0
}

// scenarioProfile is the profile of a validated scenario (the default one if it names none).
func scenarioProfile(sc Scenario) Profile {
	p, err := LookupProfile(sc.Node)
	if err != nil {
		p, _ = LookupProfile(DefaultNode)
	}
	return p
}

// opHasChange(id) reports whether the run's release has the change of rule id (the
// built-in modules ask it where they differ between releases).
func (r *run) opHasChange(c *engine.Call) engine.Value {
	return r.js.Bool(r.prof.Has(c.Arg(0).String()))
}

// opAbsentExports(owner) lists the exports of a built-in module, or the members of a
// prototype of Node's objects ("Timeout.prototype"), the run's release lacks, or undefined.
func (r *run) opAbsentExports(c *engine.Call) engine.Value {
	names := r.prof.simulatedExportAbsence(c.Arg(0).String())
	if len(names) == 0 {
		return r.js.Undefined()
	}
	return r.val(names)
}

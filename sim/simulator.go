package sim

import (
	"context"
	"crypto/sha256"
	"errors"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/looplab/looplab/internal/bytecache"
	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/v8errors"
)

// Simulator runs programs. It caches compiled programs and the built-in modules, so one
// Simulator should be shared; it is safe for concurrent use. Every run starts from the
// same state: its main thread's runtime is a warm one of its profile restored to the
// set-up's checkpoint (warm.go), its workers' are fresh, and no run sees another's
// state (one warm runtime serves one run at a time). Its limits (WithLimits) are the
// operator's ceiling: no scenario can raise them.
type Simulator struct {
	ceiling  Limits
	programs *bytecache.Cache[programKey, *compiledEntry]
	builtins *builtinCode
	// kdf holds derived keys by parameters and inputs: deterministic and costly. The
	// program chooses both, so the cache is bounded like the compile cache.
	kdf *bytecache.Cache[string, []byte]
	// warm holds the main threads' runtimes between runs (warm.go).
	warm warmPool
}

// Option configures a Simulator.
type Option func(*Simulator)

// WithLimits sets the operator's limits: the ceiling of every run's limits (a zero
// field is its default, see DefaultLimits). A scenario's limits may only lower them.
func WithLimits(l Limits) Option { return func(s *Simulator) { s.ceiling = l.orDefaults() } }

// WithCompileCache bounds the compile cache to about n bytes (default
// DefaultCompileCacheBytes); derived keys get a sixteenth of it. A compiled program is
// charged its source (kept as the key) and its bytecode.
func WithCompileCache(n int64) Option {
	return func(s *Simulator) {
		s.programs = bytecache.New[programKey, *compiledEntry](0, n)
		s.kdf = bytecache.New[string, []byte](0, n/16)
	}
}

// DefaultCompileCacheBytes bounds the compile cache by default.
const DefaultCompileCacheBytes = 64 << 20

// New returns a Simulator with empty caches, under the default limits unless an option
// says otherwise. It panics if the JavaScript engine is not the build the simulator
// reads directly (engine.Check): a build defect no run could survive.
func New(opts ...Option) *Simulator {
	if err := engine.Check(); err != nil {
		panic("sim: " + err.Error())
	}
	s := &Simulator{ceiling: DefaultLimits(), builtins: &builtinCode{}}
	WithCompileCache(DefaultCompileCacheBytes)(s)
	for _, o := range opts {
		o(s)
	}
	return s
}

// Limits returns the Simulator's ceiling: the operator's limits, defaults filled in.
func (s *Simulator) Limits() Limits { return s.ceiling }

// derived returns a cached key derivation, computing it on first use. Bytes are copied so
// runs cannot share a mutable buffer.
func (s *Simulator) derived(params string, pw, salt []byte, compute func() []byte) []byte {
	h := sha256.New()
	for _, part := range [][]byte{[]byte(params), pw, salt} {
		h.Write([]byte(strconv.Itoa(len(part)) + ":"))
		h.Write(part)
	}
	key := string(h.Sum(nil))
	if v, ok := s.kdf.Get(key); ok {
		return append([]byte(nil), v...)
	}
	out := compute()
	if out != nil {
		s.kdf.Add(key, out, int64(len(key)+len(out)))
	}
	return append([]byte(nil), out...)
}

// programKey identifies a compiled entry: the map hashes and compares the strings
// themselves (no digest or concatenation of the source per simulation).
type programKey struct {
	module       ModuleKind
	name, source string
	using        bool // `using` declarations lowered (R-V31)
}

// compiledEntry is a cached compilation of one source.
type compiledEntry struct {
	code *engine.Code
	err  error
}

// Run simulates prog under sc and returns every outcome the real runtime can produce,
// the trace of the first one and its summary. The error is non-nil only for invalid
// input (an unknown module kind, an invalid scenario); program errors such as a syntax
// error or an exceeded budget are reported in Result.Error.
func (s *Simulator) Run(ctx context.Context, prog Program, sc Scenario) (*Result, error) {
	if err := validateProgram(&prog); err != nil {
		return nil, err
	}
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	return s.runAs(ctx, prog, sc, scenarioProfile(sc), nil), nil
}

// runAs simulates a validated program and scenario as the release prof describes (a
// profile, or one with some of its changes taken back: Compare's counterfactuals),
// within cpu (nil: a backstop of its own).
func (s *Simulator) runAs(ctx context.Context, prog Program, sc Scenario, prof Profile, cpu *cpuBudget) *Result {
	sc = sc.withDefaults(s.ceiling, prof)
	if prog.Module == ESModule && !prof.Has(ChangeESMUnflagged) {
		prog.Module = CommonJS // Node 10 loads a .mjs entry with the CommonJS loader (R-V7)
	}
	if cpu == nil {
		cpu = newCPUBudget(sc.Limits)
	}
	code, cerr := s.compile(prog, prof.Has(ChangeUsing))
	if cerr != nil {
		return syntaxResult(prog, sc, cerr)
	}
	ex := explorer{sim: s, prog: prog, code: code, sc: sc, prof: prof, ctx: ctx, cpu: cpu}
	return ex.explore()
}

func validateProgram(p *Program) error {
	switch p.Module {
	case CommonJS, ESModule:
	case "":
		p.Module = CommonJS
	default:
		return newError(CodeInvalidInput, "module: %q is not cjs or esm", p.Module)
	}
	if p.Name == "" {
		p.Name = "main." + map[ModuleKind]string{CommonJS: "cjs", ESModule: "mjs"}[p.Module]
	}
	if strings.ContainsAny(p.Name, "\x00\n") {
		return newError(CodeInvalidInput, "name: must be a single line")
	}
	return nil
}

// compiledProgram is what a run needs of the entry: its compiled code (the CommonJS
// wrapper function, or the ES module).
type compiledProgram struct {
	code *engine.Code
}

func (s *Simulator) compile(p Program, using bool) (*compiledProgram, error) {
	var (
		code *engine.Code
		err  error
	)
	if p.Module == ESModule {
		code, err = s.compileModule(p.Name, p.Source, using)
	} else {
		code, err = s.compileScript(p.Name, cjsWrapperHead+p.Source+cjsWrapperTail, using)
	}
	if err != nil {
		return nil, err
	}
	return &compiledProgram{code: code}, nil
}

// compileScript compiles a script (a CommonJS wrapper), cached; using lowers its
// `using` declarations (lowered).
func (s *Simulator) compileScript(name, src string, using bool) (*engine.Code, error) {
	return s.cached(programKey{CommonJS, name, src, using}, func() (*engine.Code, error) {
		return engine.Compile(lowered(src, name, using), name, false)
	})
}

// compileModule compiles an ES module, cached; using as compileScript's.
func (s *Simulator) compileModule(name, src string, using bool) (*engine.Code, error) {
	return s.cached(programKey{ESModule, name, src, using}, func() (*engine.Code, error) {
		return engine.Compile(lowered(src, name, using), name, true)
	})
}

// cached returns the compilation of key, compiling it on a miss.
func (s *Simulator) cached(key programKey, compile func() (*engine.Code, error)) (*engine.Code, error) {
	if e, ok := s.programs.Get(key); ok {
		return e.code, e.err
	}
	code, err := compile()
	size := int64(len(key.name) + len(key.source))
	if code != nil {
		size += int64(code.Size())
	}
	s.programs.Add(key, &compiledEntry{code: code, err: err}, size)
	return code, err
}

func syntaxResult(p Program, sc Scenario, err error) *Result {
	msg, stderr, line, col := syntaxReport(p, sc, err)
	se := newError(CodeSyntax, "%s", msg)
	se.Line, se.Column = line, col
	return &Result{
		Node:          scenarioProfile(sc).Version,
		Module:        p.Module,
		Deterministic: true,
		Outcomes:      []Outcome{{Stdout: []string{}, Stderr: stderr, ExitCode: 1, Condition: "always", ConditionVI: "luôn luôn", Timing: TimingAlways}},
		Steps:         []Step{},
		Console:       stderr,
		Summary:       Summary{ExitCode: 1, ThreadPool: []PoolJob{}, Callbacks: []CallbackCost{}},
		Error:         se,
	}
}

// syntaxReport is V8's message for a program that does not compile, what Node prints to
// stderr for it (the file and line, the source line, the caret, the error), and the line
// and column the caret points at (0 when Node shows none).
func syntaxReport(p Program, sc Scenario, err error) (msg string, stderr []string, line, col int) {
	var se *engine.SyntaxError
	if !errors.As(err, &se) {
		msg := firstLine(err.Error())
		return msg, []string{"SyntaxError: " + msg}, 0, 0
	}
	prof := scenarioProfile(sc)
	errs := v8errors.ForCompile(v8errors.Options{Major: prof.major(), Release: prof.Version})
	shown, shift, entry := virtualPath(p.Name), len(cjsWrapperHead), v8errors.EntryCompileCJS
	if p.Module == ESModule {
		shown, shift, entry = "file://"+shown, 0, v8errors.EntryCompileESM
	}
	errs.AddSource(p.Name, shown, lowered(p.Source, p.Name, scenarioProfile(sc).Has(ChangeUsing)), shift, p.Module == ESModule)
	ce := errs.CompileError(se)
	text := strings.TrimSuffix(errs.FormatCompileError(ce, entry, fakePID), "\n")
	if caret := strings.IndexByte(ce.Caret, '^'); caret >= 0 {
		line, col = ce.Line, utf8.RuneCountInString(ce.Caret[:caret])+1
	} else if ce.Line > 0 {
		line = ce.Line
	}
	return ce.Message, strings.Split(text, "\n"), line, col
}

// sortedKeys returns the keys of a string map in order (no map-order leaks into output).
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

package sim

import (
	"container/list"
	"context"
	"crypto/sha256"
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/v8errors"
)

// Simulator runs programs. It caches compiled programs and the built-in modules, so one
// Simulator should be shared; it is safe for concurrent use. Every run gets a fresh JS
// runtime of its own: nothing but immutable compiled code is shared between runs.
type Simulator struct {
	mu       sync.Mutex
	programs map[programKey]*list.Element // of *compiledEntry, most recent first
	lru      list.List
	bytes    int64 // source and bytecode bytes the cache holds
	builtins *builtinCode
	kdf      sync.Map // derived keys by parameters and inputs: deterministic, costly
}

// derived returns a cached key derivation, computing it on first use. Bytes are copied so
// runs cannot share a mutable buffer.
func (s *Simulator) derived(params string, pw, salt []byte, compute func() []byte) []byte {
	h := sha256.New()
	for _, part := range [][]byte{[]byte(params), pw, salt} {
		h.Write([]byte(strconv.Itoa(len(part)) + ":"))
		h.Write(part)
	}
	key := string(h.Sum(nil))
	if v, ok := s.kdf.Load(key); ok {
		return append([]byte(nil), v.([]byte)...)
	}
	out := compute()
	if out != nil {
		s.kdf.Store(key, out)
	}
	return append([]byte(nil), out...)
}

// programKey identifies a compiled entry: the map hashes and compares the strings
// themselves (no digest or concatenation of the source per simulation).
type programKey struct {
	module       ModuleKind
	name, source string
}

// compiledEntry is a cached compilation of one source.
type compiledEntry struct {
	key  programKey
	code *engine.Code
	err  error
}

// maxCachedBytes bounds the compile cache: sources and their bytecode together.
const maxCachedBytes = 64 << 20

// New returns a Simulator with an empty program cache.
func New() *Simulator {
	return &Simulator{programs: map[programKey]*list.Element{}, builtins: &builtinCode{}}
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
	sc = sc.withDefaults()
	deadline := time.Now().Add(time.Duration(sc.Limits.WallMS) * time.Millisecond)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	code, cerr := s.compile(prog)
	if cerr != nil {
		return syntaxResult(prog, sc, cerr), nil
	}
	ex := explorer{sim: s, prog: prog, code: code, sc: sc, ctx: ctx, deadline: deadline}
	return ex.explore(), nil
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

func (s *Simulator) compile(p Program) (*compiledProgram, error) {
	var (
		code *engine.Code
		err  error
	)
	if p.Module == ESModule {
		code, err = s.compileModule(p.Name, p.Source)
	} else {
		code, err = s.compileScript(p.Name, cjsWrapperHead+p.Source+cjsWrapperTail)
	}
	if err != nil {
		return nil, err
	}
	return &compiledProgram{code: code}, nil
}

// compileScript compiles a script (a CommonJS wrapper), cached.
func (s *Simulator) compileScript(name, src string) (*engine.Code, error) {
	return s.cached(programKey{CommonJS, name, src}, func() (*engine.Code, error) {
		return engine.Compile(lowered(src), name, false)
	})
}

// compileModule compiles an ES module, cached.
func (s *Simulator) compileModule(name, src string) (*engine.Code, error) {
	return s.cached(programKey{ESModule, name, src}, func() (*engine.Code, error) {
		return engine.Compile(lowered(src), name, true)
	})
}

// cached returns the compilation of key, compiling it on a miss. The cache is an LRU
// bounded in bytes (source and bytecode), so a flood of distinct large programs cannot
// hold memory for good.
func (s *Simulator) cached(key programKey, compile func() (*engine.Code, error)) (*engine.Code, error) {
	s.mu.Lock()
	if el, ok := s.programs[key]; ok {
		s.lru.MoveToFront(el)
		e := el.Value.(*compiledEntry)
		s.mu.Unlock()
		return e.code, e.err
	}
	s.mu.Unlock()
	code, err := compile()
	e := &compiledEntry{key: key, code: code, err: err}
	size := entrySize(e)
	if size > maxCachedBytes/4 {
		return code, err // too big to keep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.programs[key]; !ok {
		s.programs[key] = s.lru.PushFront(e)
		s.bytes += size
		for s.bytes > maxCachedBytes {
			last := s.lru.Back()
			old := last.Value.(*compiledEntry)
			s.lru.Remove(last)
			delete(s.programs, old.key)
			s.bytes -= entrySize(old)
		}
	}
	return code, err
}

func entrySize(e *compiledEntry) int64 {
	n := int64(len(e.key.source) + len(e.key.name) + 64)
	if e.code != nil {
		n += int64(e.code.Size())
	}
	return n
}

func syntaxResult(p Program, sc Scenario, err error) *Result {
	msg, stderr := syntaxReport(p, sc, err)
	return &Result{
		Module:        p.Module,
		Deterministic: true,
		Outcomes:      []Outcome{{Stdout: []string{}, Stderr: stderr, ExitCode: 1, Condition: "always", ConditionVI: "luôn luôn"}},
		Steps:         []Step{},
		Console:       stderr,
		Summary:       Summary{ExitCode: 1, ThreadPool: []PoolJob{}, Callbacks: []CallbackCost{}},
		Error:         newError(CodeSyntax, "%s", msg),
	}
}

// syntaxReport is V8's message for a program that does not compile and what Node prints
// to stderr for it (the file and line, the source line, the caret, the error).
func syntaxReport(p Program, sc Scenario, err error) (string, []string) {
	var se *engine.SyntaxError
	if !errors.As(err, &se) {
		msg := firstLine(err.Error())
		return msg, []string{"SyntaxError: " + msg}
	}
	prof, _ := LookupProfile(sc.Node)
	errs := v8errors.ForCompile(prof.major())
	shown, shift, entry := virtualPath(p.Name), len(cjsWrapperHead), v8errors.EntryCompileCJS
	if p.Module == ESModule {
		shown, shift, entry = "file://"+shown, 0, v8errors.EntryCompileESM
	}
	errs.AddSource(p.Name, shown, lowered(p.Source), shift, p.Module == ESModule)
	ce := errs.CompileError(se)
	text := strings.TrimSuffix(errs.FormatCompileError(ce, entry, fakePID), "\n")
	return ce.Message, strings.Split(text, "\n")
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

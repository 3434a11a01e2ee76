package sim

import (
	"context"
	"crypto/sha256"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grafana/sobek"
)

// Simulator runs programs. It caches compiled programs and the built-in modules, so one
// Simulator should be shared; it is safe for concurrent use. Every run gets a fresh JS
// runtime of its own: nothing but immutable compiled code is shared between runs.
type Simulator struct {
	mu       sync.Mutex
	programs map[programKey]*compiledEntry
	order    []programKey // insertion order, for eviction
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

// compiledEntry is a cached compilation of one entry source.
type compiledEntry struct {
	script   *sobek.Program // CommonJS wrapper
	err      error
	features features
}

// maxCachedPrograms bounds the compile cache.
const maxCachedPrograms = 512

// New returns a Simulator with an empty program cache.
func New() *Simulator {
	return &Simulator{programs: map[programKey]*compiledEntry{}, builtins: mustCompileBuiltins()}
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
		return syntaxResult(prog, cerr), nil
	}
	if len(sc.Files) > 0 { // what the entry's modules can reach counts too
		sources := []string{prog.Source}
		for _, name := range sortedKeys(sc.Files) {
			sources = append(sources, sc.Files[name])
		}
		code.features = scanFeatures(sources...)
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

// compiledProgram is what a run needs of the entry: the CommonJS wrapper program, or the
// parsed ES module source.
type compiledProgram struct {
	script   *sobek.Program
	module   string
	features features
}

func (s *Simulator) compile(p Program) (*compiledProgram, error) {
	if p.Module == ESModule {
		// ES modules are parsed per run (module records hold per-run link state); a parse
		// here reports syntax errors before any run starts.
		if _, err := sobek.ParseModule(p.Name, p.Source, nil); err != nil {
			return nil, err
		}
		return &compiledProgram{module: p.Source, features: scanFeatures(p.Source)}, nil
	}
	key := programKey{p.Module, p.Name, p.Source}
	s.mu.Lock()
	e, ok := s.programs[key]
	s.mu.Unlock()
	if !ok {
		prg, err := sobek.Compile(p.Name, cjsWrapperHead+p.Source+cjsWrapperTail, false)
		e = &compiledEntry{script: prg, err: err, features: scanFeatures(p.Source)}
		s.store(key, e)
	}
	if e.err != nil {
		return nil, e.err
	}
	return &compiledProgram{script: e.script, features: e.features}, nil
}

func (s *Simulator) store(key programKey, e *compiledEntry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.programs[key]; ok {
		return
	}
	if len(s.order) >= maxCachedPrograms {
		delete(s.programs, s.order[0])
		s.order = s.order[1:]
	}
	s.programs[key] = e
	s.order = append(s.order, key)
}

// The CommonJS wrapper keeps the user's line numbers: the header shares line 1, as Node's does.
const (
	cjsWrapperHead = "(function (exports, require, module, __filename, __dirname) { "
	cjsWrapperTail = "\n})"
)

func syntaxResult(p Program, err error) *Result {
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return &Result{
		Module:        p.Module,
		Deterministic: true,
		Outcomes:      []Outcome{{Stdout: []string{}, Stderr: []string{"SyntaxError: " + msg}, ExitCode: 1, Condition: "always", ConditionVI: "luôn luôn"}},
		Steps:         []Step{},
		Summary:       Summary{ExitCode: 1, ThreadPool: []PoolJob{}, Callbacks: []CallbackCost{}},
		Error:         newError(CodeSyntax, "%s", msg),
	}
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

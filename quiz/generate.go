package quiz

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"

	"github.com/looplab/looplab/sim"
)

// Endless practice: "another like this" makes a fresh program of the same shape as an
// order question (the same ways of scheduling a callback, as many printed lines, as deep
// a nesting) from a small grammar, and keeps it only if the simulator says its order is
// certain: a program whose outcome depends on a race (setTimeout 0 against setImmediate
// in the main code, say) is thrown away and the next one tried. The same shape and seed
// always give the same program.

// Schedulers are the ways a generated program schedules a callback, in the grammar's
// order. Each prints lines labelled after it ("timeout 2", "tick 1").
var Schedulers = []string{"setTimeout", "setImmediate", "nextTick", "promise", "queueMicrotask", "readFile"}

// Shape is what a generated program is like.
type Shape struct {
	// Schedulers are the ways it schedules callbacks (a subset of Schedulers).
	Schedulers []string `json:"schedulers"`
	// Lines is how many lines it prints (3 to 9).
	Lines int `json:"lines"`
	// Nested says whether a callback schedules another.
	Nested bool `json:"nested"`
	// Module is "cjs" or "esm".
	Module string `json:"module"`
}

// schedulerUse finds each scheduler's calls in a program.
var schedulerUse = map[string]*regexp.Regexp{
	"setTimeout":     regexp.MustCompile(`\bsetTimeout\(`),
	"setImmediate":   regexp.MustCompile(`\bsetImmediate\(`),
	"nextTick":       regexp.MustCompile(`\bprocess\.nextTick\(`),
	"promise":        regexp.MustCompile(`\.then\(`),
	"queueMicrotask": regexp.MustCompile(`\bqueueMicrotask\(`),
	"readFile":       regexp.MustCompile(`\bfs\.(readFile|stat|readdir)\(`),
}

// ShapeOf returns the shape of an order question's program: the schedulers it uses, its
// console.log lines and whether one callback schedules another. It reports false for
// another kind, or a program that uses none of the schedulers.
func ShapeOf(c *Content) (Shape, bool) {
	if c.Kind != "order" || c.Program == "" {
		return Shape{}, false
	}
	sh := Shape{Module: string(c.Module)}
	if sh.Module == "" {
		sh.Module = "cjs"
	}
	for _, s := range Schedulers {
		if schedulerUse[s].MatchString(c.Program) {
			sh.Schedulers = append(sh.Schedulers, s)
		}
	}
	if len(sh.Schedulers) == 0 {
		return Shape{}, false
	}
	sh.Lines = min(9, max(3, strings.Count(c.Program, "console.log(")))
	sh.Nested = nestedCall(c.Program)
	return sh, true
}

// nestedCall tells whether a scheduling call sits inside a function's braces.
func nestedCall(src string) bool {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
		default:
			if depth > 0 {
				for _, re := range schedulerUse {
					if loc := re.FindStringIndex(src[i:]); loc != nil && loc[0] == 0 {
						return true
					}
				}
			}
		}
	}
	return false
}

// Validate checks a shape a client sent.
func (sh Shape) Validate() error {
	var fe []FieldError
	if len(sh.Schedulers) == 0 {
		fe = append(fe, FieldError{Field: "schedulers", Message: "must name at least one of " + strings.Join(Schedulers, ", ")})
	}
	for _, s := range sh.Schedulers {
		if !slices.Contains(Schedulers, s) {
			fe = append(fe, FieldError{Field: "schedulers", Message: fmt.Sprintf("%q is not one of %s", s, strings.Join(Schedulers, ", "))})
		}
	}
	if sh.Lines < 3 || sh.Lines > 9 {
		fe = append(fe, FieldError{Field: "lines", Message: "must be between 3 and 9"})
	}
	if sh.Module != "cjs" && sh.Module != "esm" {
		fe = append(fe, FieldError{Field: "module", Message: `must be "cjs" or "esm"`})
	}
	if len(fe) > 0 {
		return Invalid("The shape is invalid.", fe)
	}
	return nil
}

// Generate writes the program of shape sh that seed selects: the grammar below, no
// simulation (Another keeps only those whose order is certain).
//
//	program   = statement { statement }            (until sh.Lines lines print)
//	statement = "console.log('sync N')" | schedule
//	schedule  = SCHEDULER "(" callback ")"          (setTimeout with 0, 1, 2 or 5 ms)
//	callback  = "() => {" log [ schedule ] "}"     (one nested schedule at most, if sh.Nested)
func Generate(sh Shape, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 0x6c6f6f706c6162)) // "looplab"
	g := &gen{r: r, sh: sh, counts: map[string]int{}}
	var b strings.Builder
	if slices.Contains(sh.Schedulers, "readFile") {
		if sh.Module == "esm" {
			b.WriteString("import fs from 'node:fs'\n")
		} else {
			b.WriteString("const fs = require('node:fs')\n")
		}
	}
	g.printed = 0
	nested := false
	for g.printed < sh.Lines {
		left := sh.Lines - g.printed
		switch {
		case g.printed == 0 || r.IntN(4) == 0 && left > 1:
			b.WriteString(g.log("sync", ""))
		default:
			inner := ""
			if sh.Nested && !nested && left >= 2 && r.IntN(2) == 0 {
				nested = true
				inner = g.schedule("", "")
			}
			b.WriteString(g.schedule("", inner))
		}
	}
	return b.String()
}

// gen is one program being generated.
type gen struct {
	r       *rand.Rand
	sh      Shape
	counts  map[string]int
	printed int
}

// log is a console.log line of a label's next number.
func (g *gen) log(label, indent string) string {
	g.counts[label]++
	g.printed++
	return fmt.Sprintf("%sconsole.log('%s %d')\n", indent, label, g.counts[label])
}

var labelOf = map[string]string{"setTimeout": "timeout", "setImmediate": "immediate", "nextTick": "tick",
	"promise": "then", "queueMicrotask": "micro", "readFile": "read"}

// schedule is one scheduling call whose callback prints a line, then runs inner (a
// schedule written at no indent); a callback with one line is written on one line.
func (g *gen) schedule(indent, inner string) string {
	s := g.sh.Schedulers[g.r.IntN(len(g.sh.Schedulers))]
	var cb string
	if inner == "" {
		cb = "() => " + strings.TrimSpace(g.log(labelOf[s], ""))
	} else {
		cb = "() => {\n" + g.log(labelOf[s], indent+"  ") + indentLines(inner, indent+"  ") + indent + "}"
	}
	switch s {
	case "setTimeout":
		return fmt.Sprintf("%ssetTimeout(%s, %d)\n", indent, cb, []int{0, 1, 2, 5}[g.r.IntN(4)])
	case "setImmediate":
		return fmt.Sprintf("%ssetImmediate(%s)\n", indent, cb)
	case "nextTick":
		return fmt.Sprintf("%sprocess.nextTick(%s)\n", indent, cb)
	case "promise":
		return fmt.Sprintf("%sPromise.resolve().then(%s)\n", indent, cb)
	case "queueMicrotask":
		return fmt.Sprintf("%squeueMicrotask(%s)\n", indent, cb)
	default: // readFile
		return fmt.Sprintf("%sfs.readFile(%s, %s)\n", indent, map[bool]string{true: "import.meta.filename", false: "__filename"}[g.sh.Module == "esm"], cb)
	}
}

func indentLines(s, by string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = by + l
		}
	}
	return strings.Join(lines, "")
}

// Generated is a program Another made: an order question's content, ready to preview
// and grade, and the seed that made it (the first seed tried whose order is certain).
type Generated struct {
	Shape   Shape   `json:"shape"`
	Seed    uint64  `json:"seed"`
	Content Content `json:"-"`
	Tries   int     `json:"tries"`
}

// maxTries bounds how many seeds Another tries before it gives up.
const maxTries = 24

// Another returns the first program of shape sh, from seed on, whose order the
// simulator says is certain (one outcome, no error), as an order question. It is an
// EINVALID error when none of maxTries seeds gives one.
func (e *Engine) Another(ctx context.Context, sh Shape, seed uint64) (*Generated, error) {
	if err := sh.Validate(); err != nil {
		return nil, err
	}
	for try := 0; try < maxTries; try++ {
		c := generatedContent(sh, Generate(sh, seed+uint64(try)))
		vr, err := e.Preview(ctx, &c, 0, nil)
		if err != nil {
			return nil, err
		}
		if vr.Result.Deterministic && vr.Result.Error == nil && len(vr.Result.Outcomes) == 1 {
			return &Generated{Shape: sh, Seed: seed + uint64(try), Content: c, Tries: try + 1}, nil
		}
	}
	return nil, Errorf(EINVALID, "No program of this shape with a certain order was found from seed %d.", seed)
}

// generatedContent is the order question of a generated program.
func generatedContent(sh Shape, program string) Content {
	return Content{
		Topic: "generated", Kind: "order", Difficulty: generatedDifficulty(sh), Module: sim.ModuleKind(sh.Module), Program: program,
		Title:  Text{EN: "Another like this", VI: "Thêm một câu tương tự"},
		Prompt: Text{EN: "In what order does Node print these lines?", VI: "Node in các dòng này theo thứ tự nào?"},
		Explanation: Text{
			EN: "A program made for practice. The simulator's trace shows each callback being queued and run; open it from the step where your order parts from Node's.",
			VI: "Một chương trình được tạo để luyện tập. Trace của bộ mô phỏng cho thấy từng callback được xếp hàng và chạy; mở nó từ bước mà thứ tự của bạn khác với Node.",
		},
	}
}

// generatedDifficulty grows with the kinds of queue a program mixes and with nesting.
func generatedDifficulty(sh Shape) int {
	return min(4, 1+len(sh.Schedulers)/2+map[bool]int{true: 1}[sh.Nested])
}

// AnotherLike is Another for the shape of an order question's content c; EINVALID when
// c has no shape (another kind).
func (e *Engine) AnotherLike(ctx context.Context, c *Content, seed uint64) (*Generated, error) {
	sh, ok := ShapeOf(c)
	if !ok {
		return nil, Invalid("Only an order question has others like it.", []FieldError{{Field: "id", Message: "is not an order question"}})
	}
	return e.Another(ctx, sh, seed)
}

// GradeAnother grades an answer to the program AnotherLike made for c from seed (the
// seed it returned: the same seed makes the same program), and returns its variant too
// (the trace, the program).
func (e *Engine) GradeAnother(ctx context.Context, c *Content, seed uint64, answer json.RawMessage) (*Variant, Grade, error) {
	g, err := e.AnotherLike(ctx, c, seed)
	if err != nil {
		return nil, Grade{}, err
	}
	vr, err := e.Preview(ctx, &g.Content, 0, nil)
	if err != nil {
		return nil, Grade{}, err
	}
	gr, err := e.GradeVariant(ctx, vr, answer)
	return vr, gr, err
}

package sim

import (
	"context"
	"regexp"
	"slices"
	"strings"
)

// Comparison is what a program does under every simulated Node release: the releases
// grouped by the outcomes they give, and, between two neighbouring releases that differ,
// the version changes (docs/node-semantics.md R-V) that make them differ.
type Comparison struct {
	// Groups hold the releases with identical outcomes, in the order of their oldest
	// release.
	Groups []CompareGroup `json:"groups"`
	// Differences are the steps between neighbouring releases whose outcomes differ,
	// oldest first.
	Differences []VersionDifference `json:"differences"`
}

// CompareGroup is a set of releases on which the program gives the same outcomes (the
// same stdout and exit codes, whatever their order of likelihood).
type CompareGroup struct {
	// Versions are the exact releases, oldest first ("20.20.2").
	Versions []string `json:"versions"`
	// Majors are the same releases' majors ("20").
	Majors        []string  `json:"majors"`
	Deterministic bool      `json:"deterministic"`
	Outcomes      []Outcome `json:"outcomes"`
	// Error is the first release's run error, if any (a syntax error in Node 10...).
	Error *Error `json:"error"`
}

// VersionDifference explains why two neighbouring releases give different outcomes.
type VersionDifference struct {
	From string `json:"from"` // the older release ("20.20.2")
	To   string `json:"to"`   // the newer release ("22.23.5")
	// Rules are the changes that make the difference: each, taken back from To, gives
	// From's outcomes (or, when none does alone, the ones that change To's outcomes).
	Rules []RuleChange `json:"rules"`
	// Explained reports whether taking Rules back from To gives exactly From's outcomes;
	// when false, the rest of the difference is in what the releases print (util.inspect,
	// V8's error texts) rather than in a rule of the event loop.
	Explained bool `json:"explained"`
}

// RuleChange is one change in the words of the difference it makes.
type RuleChange struct {
	Change
	// APIs are, for the API change (R-V8), the names the older release lacks that the
	// program uses.
	APIs []string `json:"apis,omitempty"`
	// Text and TextVI say in one sentence what the change does to the program.
	Text   string `json:"text"`
	TextVI string `json:"text_vi"`
}

// Compare runs prog under every simulated release (sc.Node is ignored) and groups the
// releases by outcome. Between two neighbouring releases that differ, it finds the
// responsible changes by experiment: it runs the newer release with each change the older
// lacks taken back, and keeps those whose absence gives the older release's outcomes.
// All its runs together have the CPU backstop of one simulation (Limits.CPUMS).
func (s *Simulator) Compare(ctx context.Context, prog Program, sc Scenario) (*Comparison, error) {
	if err := validateProgram(&prog); err != nil {
		return nil, err
	}
	sc.Node = ""
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	cpu := newCPUBudget(sc.Limits.Within(s.ceiling))
	var results []*Result
	for _, p := range profiles {
		results = append(results, s.runAs(ctx, prog, sc, p, cpu))
	}
	cmp := &Comparison{Groups: []CompareGroup{}, Differences: []VersionDifference{}}
	groupOf := map[string]int{}
	for i, res := range results {
		key := outcomeSetKey(res)
		g, ok := groupOf[key]
		if !ok {
			g = len(cmp.Groups)
			groupOf[key] = g
			cmp.Groups = append(cmp.Groups, CompareGroup{Deterministic: res.Deterministic, Outcomes: res.Outcomes, Error: res.Error})
		}
		cmp.Groups[g].Versions = append(cmp.Groups[g].Versions, profiles[i].Version)
		cmp.Groups[g].Majors = append(cmp.Groups[g].Majors, profiles[i].Major)
	}
	for i := 1; i < len(profiles); i++ {
		older, newer := profiles[i-1], profiles[i]
		want := outcomeSetKey(results[i-1])
		if outcomeSetKey(results[i]) == want {
			continue
		}
		cmp.Differences = append(cmp.Differences, s.explain(ctx, prog, sc, cpu, older, newer, want, outcomeSetKey(results[i])))
	}
	return cmp, nil
}

// explain finds the changes between older and newer that make the program's outcomes
// differ: first each alone, then all together.
func (s *Simulator) explain(ctx context.Context, prog Program, sc Scenario, cpu *cpuBudget, older, newer Profile, want, got string) VersionDifference {
	d := VersionDifference{From: older.Version, To: newer.Version, Rules: []RuleChange{}}
	candidates := changesBetween(older, newer)
	var moved []string // changes whose absence changes newer's outcomes
	for _, id := range candidates {
		key := outcomeSetKey(s.runAs(ctx, prog, sc, newer.without(id, older), cpu))
		if key == want {
			d.Rules = append(d.Rules, ruleChange(id, prog, older, newer))
			d.Explained = true
		} else if key != got {
			moved = append(moved, id)
		}
	}
	if d.Explained {
		return d
	}
	if s.givesOlder(ctx, prog, sc, cpu, older, newer, candidates, want) {
		d.Explained = true
		moved = s.fewestChanges(ctx, prog, sc, cpu, older, newer, candidates, want) // together, not one alone
	}
	for _, id := range moved {
		d.Rules = append(d.Rules, ruleChange(id, prog, older, newer))
	}
	return d
}

// givesOlder reports whether newer with the changes ids taken back gives older's
// outcomes (want).
func (s *Simulator) givesOlder(ctx context.Context, prog Program, sc Scenario, cpu *cpuBudget, older, newer Profile, ids []string, want string) bool {
	p := newer
	for _, id := range ids {
		p = p.without(id, older)
	}
	return outcomeSetKey(s.runAs(ctx, prog, sc, p, cpu)) == want
}

// fewestChanges narrows ids, which taken back together give older's outcomes, to a set
// from which no change can be dropped: each is tried left in newer in turn, and stays out
// of the set when the rest still give older's outcomes. Two releases far apart differ
// in many changes, of which one or two make the program's difference.
func (s *Simulator) fewestChanges(ctx context.Context, prog Program, sc Scenario, cpu *cpuBudget, older, newer Profile, ids []string, want string) []string {
	set := slices.Clone(ids)
	for i := 0; i < len(set) && len(set) > 1; {
		rest := slices.Delete(slices.Clone(set), i, i+1)
		if s.givesOlder(ctx, prog, sc, cpu, older, newer, rest, want) {
			set = rest
			continue
		}
		i++
	}
	return set
}

// changesBetween lists the changes newer has and older lacks, and the API change (every
// two releases differ in their APIs).
func changesBetween(older, newer Profile) []string {
	var ids []string
	for _, c := range changes {
		if c.ID != ChangeAPIs && newer.Has(c.ID) && !older.Has(c.ID) {
			ids = append(ids, c.ID)
		}
	}
	return append(ids, ChangeAPIs)
}

// ruleChange is change id in the words of the difference it makes between older and
// newer for prog.
func ruleChange(id string, prog Program, older, newer Profile) RuleChange {
	c, _ := ChangeByID(id)
	rc := RuleChange{Change: c}
	if id == ChangeAPIs {
		rc.APIs = apisUsed(prog.Source, older, newer)
		names := strings.Join(rc.APIs, ", ")
		if names == "" {
			names = "an API"
		}
		rc.Text = "Node " + older.Version + " lacks " + names + " (Node " + newer.Version + " has it): the program stops or takes another path where it uses it."
		rc.TextVI = "Node " + older.Version + " không có " + names + " (Node " + newer.Version + " có): chương trình dừng hoặc đi nhánh khác ở chỗ dùng nó."
		return rc
	}
	rc.Text = "Since Node " + c.Since + " " + c.Now + "; before, " + c.Before + "."
	rc.TextVI = "Từ Node " + c.Since + ", " + c.NowVI + "; trước đó, " + c.BeforeVI + "."
	return rc
}

// apisUsed lists the APIs older lacks and newer has that the program's source names: a
// global as a word (queueMicrotask), a built-in as a member (.allSettled), a module as a
// string ('timers/promises').
func apisUsed(src string, older, newer Profile) []string {
	var out []string
	a := older.absence()
	add := func(name, pattern string) {
		if newer.HasAPI(name) && !slices.Contains(out, name) && regexp.MustCompile(pattern).MatchString(src) {
			out = append(out, name)
		}
	}
	for _, g := range a.Globals {
		add(g, `(^|[^A-Za-z0-9_$.])`+regexp.QuoteMeta(g)+`($|[^A-Za-z0-9_$])`)
	}
	for _, b := range a.Builtins {
		add(b, `\.`+regexp.QuoteMeta(b[strings.LastIndexByte(b, '.')+1:])+`($|[^A-Za-z0-9_$])`)
	}
	for _, m := range a.Modules {
		if strings.Contains(src, "'"+m+"'") || strings.Contains(src, `"`+m+`"`) || strings.Contains(src, "node:"+m) {
			if newer.HasAPI(m) && !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// outcomeSetKey identifies a result by what an observer can see of all its outcomes:
// each outcome's stdout and exit code, in any order.
func outcomeSetKey(res *Result) string {
	keys := make([]string, len(res.Outcomes))
	for i, o := range res.Outcomes {
		keys[i] = strings.Join(o.Stdout, "\n") + "\x00" + itoa(o.ExitCode)
	}
	slices.Sort(keys)
	return strings.Join(keys, "\x01")
}

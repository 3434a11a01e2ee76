package lower

import (
	"strconv"
	"strings"
)

// ImportHelper is the name of the global function lowered import() calls call:
// ImportHelper(base, specifier, options) imports specifier as the module base would, and
// settles after as many promise jobs as Node's loader takes (the simulator defines it).
const ImportHelper = "__looplab_import"

// DynamicImport rewrites every import(...) call of src, the module named base, to
// ImportHelper(base, ...): the engine settles import() within two promise jobs, Node's
// ES module loader within ten to sixteen (its async steps, per release), which decides
// where the loaded module's code runs among a program's other promise jobs. Only the
// callee changes, so every line keeps its place. Calls inside a template literal's
// substitutions are left to the engine. It reports whether it changed anything.
func DynamicImport(src, base string) (string, bool) {
	if !strings.Contains(src, "import") {
		return src, false
	}
	toks := scan(src)
	var b strings.Builder
	pos := 0
	for i := 0; i+1 < len(toks); i++ {
		if !isImportCall(src, toks, i) {
			continue
		}
		b.WriteString(src[pos:toks[i].start])
		b.WriteString(ImportHelper + "(" + strconv.Quote(base) + ", ")
		pos = toks[i+1].end
	}
	if pos == 0 {
		return src, false
	}
	b.WriteString(src[pos:])
	return b.String(), true
}

// isImportCall reports whether toks[i] starts an import(...) call: `import` then `(`,
// not a property (`x.import(`) and not a method named import (`import(a) {`).
func isImportCall(src string, toks []token, i int) bool {
	if toks[i].kind != tIdent || text(src, toks[i]) != "import" || text(src, toks[i+1]) != "(" {
		return false
	}
	if i > 0 {
		if prev := text(src, toks[i-1]); prev == "." || prev == "?." {
			return false
		}
	}
	if end := matching(src, toks, i+1); end >= 0 && end+1 < len(toks) && text(src, toks[end+1]) == "{" {
		return false // a method definition
	}
	return true
}

package sim

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// An ES module that imports a CommonJS file (a .cjs file, or a .js file without ES module
// syntax) gets it as Node's loader gives it (R-M8): the file runs through require() when
// the importing graph evaluates it, its module.exports is the default export, and the
// names cjs-module-lexer finds in its source are named exports.

// isCommonJSFile reports whether the file at path, with source src, is loaded as
// CommonJS by import: a .cjs file; a .js file unless its nearest package.json says
// "type": "module" or it has import or export statements (Node's syntax detection).
func (r *loaderModule) isCommonJSFile(path, src string) bool {
	switch {
	case strings.HasSuffix(path, ".cjs"):
		return true
	case !strings.HasSuffix(path, ".js"):
		return false
	case r.packageType(path) == "module":
		return false
	}
	return !esmSyntaxRE.MatchString(src)
}

var esmSyntaxRE = regexp.MustCompile(`(?m)^\s*(import\s*[\w{*'"]|export\s+[\w{*])|\bimport\.meta\b`)

// packageType is the "type" field of the package.json nearest to path, "" if none.
func (r *loaderModule) packageType(path string) string {
	fsm := fsKey.of(r.run)
	for dir := path[:strings.LastIndexByte(path, '/')]; dir != ""; dir = dir[:strings.LastIndexByte(dir, '/')] {
		if src, ok := fsm.moduleText(dir + "/package.json"); ok {
			if m := packageTypeRE.FindStringSubmatch(src); m != nil {
				return m[1]
			}
			return ""
		}
	}
	return ""
}

var packageTypeRE = regexp.MustCompile(`"type"\s*:\s*"([^"]*)"`)

// commonJSWrapper is the ES module standing for the CommonJS file at path; with
// moduleExports (R-V30) module.exports is also the export named "module.exports".
func commonJSWrapper(path, src string, moduleExports bool) string {
	var b strings.Builder
	b.WriteString("const m = __looplab_require(" + quoteJS(path) + ");\nexport default m;\n")
	if moduleExports {
		b.WriteString("export { m as \"module.exports\" };\n")
	}
	// Each name through a local of its own: a name may be a reserved word (exports.delete).
	for i, name := range cjsExportNames(src) {
		local := "$__cjs" + strconv.Itoa(i)
		b.WriteString("const " + local + " = m." + name + ";\nexport { " + local + " as " + name + " };\n")
	}
	return b.String()
}

var (
	cjsAssignRE = regexp.MustCompile(`(?:\bmodule\.)?\bexports\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*['"]([A-Za-z_$][\w$]*)['"]\s*\])\s*=[^=]`)
	cjsDefineRE = regexp.MustCompile(`Object\.defineProperty\(\s*(?:module\.)?exports\s*,\s*['"]([A-Za-z_$][\w$]*)['"]`)
	cjsObjectRE = regexp.MustCompile(`\bmodule\.exports\s*=\s*\{`)
	cjsEntryRE  = regexp.MustCompile(`^\s*(?:\.\.\.\s*[A-Za-z_$][\w$]*|([A-Za-z_$][\w$]*)|['"]([A-Za-z_$][\w$]*)['"]\s*:\s*[A-Za-z_$][\w$]*|([A-Za-z_$][\w$]*)\s*:\s*[A-Za-z_$][\w$]*)\s*(,|\})`)
)

// cjsExportNames are the export names cjs-module-lexer detects in a CommonJS source, as
// identifiers: exports.x = and module.exports.x =, exports['x'] =,
// Object.defineProperty(exports, 'x', ...), and the identifier-valued properties of a
// module.exports = { ... } literal up to the first other value (where the lexer bails).
func cjsExportNames(src string) []string {
	var names []string
	add := func(n string) {
		if n != "" && n != "default" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	for _, m := range cjsAssignRE.FindAllStringSubmatch(src, -1) {
		add(m[1] + m[2])
	}
	for _, m := range cjsDefineRE.FindAllStringSubmatch(src, -1) {
		add(m[1])
	}
	for _, loc := range cjsObjectRE.FindAllStringIndex(src, -1) {
		rest := src[loc[1]:]
		for {
			m := cjsEntryRE.FindStringSubmatchIndex(rest)
			if m == nil {
				break
			}
			for g := 1; g <= 3; g++ {
				if m[2*g] >= 0 {
					add(rest[m[2*g]:m[2*g+1]])
				}
			}
			if rest[m[8]:m[9]] == "}" {
				break
			}
			rest = rest[m[1]:]
		}
	}
	slices.Sort(names)
	return names
}

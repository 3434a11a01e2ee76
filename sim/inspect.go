package sim

// This file renders JavaScript values the way Node's util.inspect and
// util.formatWithOptions do (Node v20, lib/internal/util/inspect.js), so
// that console.log output of simulated programs is byte-identical to Node's.
// The structure deliberately mirrors Node's algorithm (formatValue,
// formatRaw, formatProperty, reduceToSingleString, groupArrayElements) so
// that behaviour can be compared function by function.
//
// Engine facts that sobek does not expose in Go (property descriptors,
// internal slots of Map/Set/WeakMap/typed arrays, ...) are obtained by
// calling the built-in functions of the runtime (Object.getOwnPropertyDescriptor,
// the Map.prototype.size getter as a brand check, ...). They are looked up
// from the global object when first needed by a formatArgs/inspectValue call.

import (
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/grafana/sobek"
)

// inspectOptions is the subset of util.inspect options the simulator uses.
type inspectOptions struct {
	depth           int // negative values below -1 are never used; -1 means "nothing nested"
	showHidden      bool
	breakLength     int
	maxArrayLength  int
	maxStringLength int
	compact         int
}

// defaultInspectOptions are Node's util.inspect defaults.
var defaultInspectOptions = inspectOptions{
	depth:           2,
	breakLength:     80,
	maxArrayLength:  100,
	maxStringLength: 10000,
	compact:         3,
}

// Output entry kinds, as in Node (kObjectType, kArrayType, kArrayExtrasType).
const (
	kObjectType = iota
	kArrayType
	kArrayExtrasType
)

// inspector is the per-inspect state (Node's ctx).
type inspector struct {
	rt             *sobek.Runtime
	js             *jsBuiltins
	opts           inspectOptions
	indentationLvl int
	currentDepth   int
	seen           []*sobek.Object
	circular       map[*sobek.Object]int
}

// formatArgs formats console.log arguments the way Node's
// util.formatWithOptions does (printf-style placeholders in a string first
// argument: %s %d %i %f %j %o %O %c %%, then the remaining arguments
// inspected and joined by spaces).
func formatArgs(rt *sobek.Runtime, args []sobek.Value) string {
	if len(args) == 1 {
		if first, ok := args[0].(sobek.String); ok {
			return first.String() // the common console.log('text'): nothing to inspect
		}
	}
	js := newJSBuiltins(rt)
	var b strings.Builder
	a := 0
	join := ""
	if len(args) > 0 {
		if first, ok := args[0].(sobek.String); ok {
			a = formatPlaceholders(&b, js, first.String(), args)
			if a > 0 {
				join = " "
			}
		}
	}
	for ; a < len(args); a++ {
		b.WriteString(join)
		if s, ok := args[a].(sobek.String); ok {
			b.WriteString(s.String())
		} else {
			b.WriteString(inspectWith(js, args[a], defaultInspectOptions))
		}
		join = " "
	}
	return b.String()
}

// formatPlaceholders expands the printf-style placeholders of format into b,
// consuming arguments from args[1:]. It returns the index of the first
// argument still to be appended (0 when format contained no placeholder
// or escaped percent sign, in which case format itself is still pending).
func formatPlaceholders(b *strings.Builder, js *jsBuiltins, format string, args []sobek.Value) int {
	a, lastPos := 0, 0
	for i := 0; i < len(format)-1; i++ {
		if format[i] != '%' {
			continue
		}
		i++
		next := format[i]
		if a+1 == len(args) {
			if next == '%' {
				b.WriteString(format[lastPos:i])
				lastPos = i + 1
			}
			continue
		}
		if next == '%' {
			b.WriteString(format[lastPos:i])
			lastPos = i + 1
			continue
		}
		if !strings.ContainsRune("sjdOoifc", rune(next)) {
			continue
		}
		a++
		str := formatPlaceholder(js, next, args[a])
		if lastPos != i-1 {
			b.WriteString(format[lastPos : i-1])
		}
		b.WriteString(str)
		lastPos = i + 1
	}
	if lastPos == 0 {
		return 0
	}
	if lastPos < len(format) {
		b.WriteString(format[lastPos:])
	}
	return a + 1
}

// formatPlaceholder renders one argument for placeholder character c.
func formatPlaceholder(js *jsBuiltins, c byte, arg sobek.Value) string {
	switch c {
	case 's':
		return formatPercentS(js, arg)
	case 'j':
		return js.jsonStringify(arg)
	case 'd', 'i', 'f':
		return formatPercentNumber(js, c, arg)
	case 'O':
		return inspectWith(js, arg, defaultInspectOptions)
	case 'o':
		opts := defaultInspectOptions
		opts.showHidden = true
		opts.depth = 4
		return inspectWith(js, arg, opts)
	}
	return "" // %c consumes its argument (CSS) and prints nothing.
}

// formatPercentS implements %s: numbers and bigints as inspect prints them,
// objects with a built-in toString inspected at depth 0, anything else
// converted with String().
func formatPercentS(js *jsBuiltins, arg sobek.Value) string {
	switch primitiveType(arg) {
	case "number":
		return formatNumber(arg)
	case "bigint":
		return arg.String() + "n"
	case "symbol":
		return symbolToString(arg.(*sobek.Symbol))
	case "object":
		o := arg.(*sobek.Object)
		if _, isFn := sobek.AssertFunction(o); !isFn && js.hasBuiltInToString(o) {
			opts := defaultInspectOptions
			opts.depth = 0
			return inspectWith(js, arg, opts)
		}
	}
	return valueToString(arg)
}

// formatPercentNumber implements %d (Number), %i (parseInt) and %f (parseFloat).
func formatPercentNumber(js *jsBuiltins, c byte, arg sobek.Value) string {
	if primitiveType(arg) == "symbol" {
		return "NaN"
	}
	if c != 'f' && sobek.IsBigInt(arg) {
		return arg.String() + "n"
	}
	n := arg.ToNumber
	switch c {
	case 'i':
		n = func() sobek.Value { return js.call("Number.parseInt", nil, arg) }
	case 'f':
		n = func() sobek.Value { return js.call("Number.parseFloat", nil, arg) }
	}
	if v := n(); v != nil {
		return formatNumber(v)
	}
	return "NaN"
}

// inspectValue renders one value as util.inspect(v) does with default
// options (depth 2, colors off, breakLength 80, maxArrayLength 100,
// maxStringLength 10000, compact 3).
func inspectValue(rt *sobek.Runtime, v sobek.Value) string {
	return inspectWith(newJSBuiltins(rt), v, defaultInspectOptions)
}

// inspectWith runs one util.inspect call with the given options.
func inspectWith(js *jsBuiltins, v sobek.Value, opts inspectOptions) string {
	c := &inspector{rt: js.rt, js: js, opts: opts}
	return c.formatValue(v, 0, false)
}

// ---------------------------------------------------------------------------
// Primitives

// primitiveType returns the JavaScript typeof of v, except that every object
// (functions included) is reported as "object".
func primitiveType(v sobek.Value) string {
	switch {
	case v == nil || sobek.IsUndefined(v):
		return "undefined"
	case sobek.IsNull(v):
		return "null"
	case sobek.IsString(v):
		return "string"
	case sobek.IsNumber(v):
		return "number"
	case sobek.IsBigInt(v):
		return "bigint"
	}
	switch v.(type) {
	case *sobek.Object:
		return "object"
	case *sobek.Symbol:
		return "symbol"
	}
	return "boolean"
}

// valueToString is JavaScript's String(v).
func valueToString(v sobek.Value) string {
	switch primitiveType(v) {
	case "undefined":
		return "undefined"
	case "symbol":
		return symbolToString(v.(*sobek.Symbol))
	}
	return v.String()
}

// symbolToString is Symbol.prototype.toString.
func symbolToString(s *sobek.Symbol) string {
	return "Symbol(" + s.String() + ")"
}

// formatNumber prints a number like Node (-0 keeps its sign).
func formatNumber(v sobek.Value) string {
	f := v.ToFloat()
	if f == 0 && math.Signbit(f) {
		return "-0"
	}
	return v.String()
}

// formatPrimitive renders a non-object value (Node's formatPrimitive).
func (c *inspector) formatPrimitive(v sobek.Value) string {
	switch primitiveType(v) {
	case "string":
		return c.formatString(toUTF16(v.(sobek.String)))
	case "number":
		return formatNumber(v)
	case "bigint":
		return v.String() + "n"
	case "symbol":
		return symbolToString(v.(*sobek.Symbol))
	}
	return valueToString(v)
}

// formatString quotes and escapes a string, truncating it after
// maxStringLength code units and splitting long multi-line strings into
// concatenated pieces.
func (c *inspector) formatString(s []uint16) string {
	trailer := ""
	if len(s) > c.opts.maxStringLength {
		remaining := len(s) - c.opts.maxStringLength
		s = s[:c.opts.maxStringLength]
		trailer = "... " + strconv.Itoa(remaining) + " more character" + plural(remaining)
	}
	if len(s) > kMinLineLength && len(s) > c.opts.breakLength-c.indentationLvl-4 {
		lines := splitAfterNewlines(s)
		parts := make([]string, len(lines))
		for i, line := range lines {
			parts[i] = strEscape(line)
		}
		return strings.Join(parts, " +\n"+spaces(c.indentationLvl+2)) + trailer
	}
	return strEscape(s) + trailer
}

// kMinLineLength is the minimum length of a string that may be split.
const kMinLineLength = 16

// splitAfterNewlines splits s after every '\n' (the /(?<=\n)/ split).
func splitAfterNewlines(s []uint16) [][]uint16 {
	var out [][]uint16
	start := 0
	for i, ch := range s {
		if ch == '\n' && i+1 < len(s) {
			out = append(out, s[start:i+1])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// toUTF16 returns the UTF-16 code units of a JavaScript string.
func toUTF16(s sobek.String) []uint16 {
	n := s.Length()
	out := make([]uint16, n)
	for i := 0; i < n; i++ {
		out[i] = s.CharAt(i)
	}
	return out
}

// strEscape quotes a string the way Node does: single quotes by default,
// double quotes or backticks when that avoids escaping single quotes, and
// control characters, backslashes and lone surrogates escaped.
func strEscape(s []uint16) string {
	quote := byte('\'')
	if containsUnit(s, '\'') {
		if !containsUnit(s, '"') {
			quote = '"'
		} else if !containsUnit(s, '`') && !containsDollarBrace(s) {
			quote = '`'
		}
	}
	var b strings.Builder
	b.WriteByte(quote)
	writeEscaped(&b, s, quote == '\'')
	b.WriteByte(quote)
	return b.String()
}

// writeEscaped writes s to b, escaping control characters, backslashes,
// lone surrogates and (if escapeQuote) single quotes.
func writeEscaped(b *strings.Builder, s []uint16, escapeQuote bool) {
	start := 0
	flush := func(end int) {
		b.WriteString(string(utf16.Decode(s[start:end])))
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case (ch == '\'' && escapeQuote) || ch == '\\' || ch < 32 || (ch > 126 && ch < 160):
			flush(i)
			b.WriteString(metaEscape(ch))
			start = i + 1
		case ch >= 0xd800 && ch <= 0xdfff:
			if ch <= 0xdbff && i+1 < len(s) && s[i+1] >= 0xdc00 && s[i+1] <= 0xdfff {
				i++
				continue
			}
			flush(i)
			b.WriteString(`\u` + strconv.FormatUint(uint64(ch), 16))
			start = i + 1
		}
	}
	flush(len(s))
}

// metaEscape is Node's meta table: the escape for a control character,
// quote or backslash.
func metaEscape(ch uint16) string {
	switch ch {
	case '\b':
		return `\b`
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	case '\'':
		return `\'`
	case '\\':
		return `\\`
	}
	const hex = "0123456789ABCDEF"
	return `\x` + string(hex[ch>>4]) + string(hex[ch&15])
}

// escapeKey applies Node's strEscapeSequencesReplacer (no quotes added);
// it is used for symbol descriptions and non-enumerable keys.
func escapeKey(s string) string {
	var b strings.Builder
	writeEscaped(&b, utf16.Encode([]rune(s)), true)
	return b.String()
}

func containsUnit(s []uint16, ch uint16) bool {
	for _, c := range s {
		if c == ch {
			return true
		}
	}
	return false
}

func containsDollarBrace(s []uint16) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '$' && s[i+1] == '{' {
			return true
		}
	}
	return false
}

func plural(n int) string {
	if n > 1 {
		return "s"
	}
	return ""
}

func spaces(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(" ", n)
}

// jsLen is the JavaScript length (UTF-16 code units) of a Go string.
func jsLen(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// remainingText is the "... N more items" entry.
func remainingText(n int) string {
	return "... " + strconv.Itoa(n) + " more item" + plural(n)
}

// ---------------------------------------------------------------------------
// Objects

// formatValue is Node's formatValue: primitives, proxies, Buffers and
// circular references, then formatRaw.
func (c *inspector) formatValue(v sobek.Value, recurseTimes int, typedArray bool) string {
	o, ok := v.(*sobek.Object)
	if !ok {
		return c.formatPrimitive(v)
	}
	if o.ExportType() == reflectProxy {
		target := o.Export().(sobek.Proxy).Target()
		if target == nil {
			return "<Revoked Proxy>"
		}
		o = target
	}
	if s, ok := c.formatBuffer(o); ok {
		return s
	}
	for _, s := range c.seen {
		if s == o {
			return "[Circular *" + strconv.Itoa(c.circularIndex(o)) + "]"
		}
	}
	return c.formatRaw(o, recurseTimes, typedArray)
}

var (
	reflectProxy       = reflect.TypeOf(sobek.Proxy{})
	reflectPromise     = reflect.TypeOf((*sobek.Promise)(nil))
	reflectArrayBuffer = reflect.TypeOf(sobek.ArrayBuffer{})
)

// circularIndex returns the reference number of a circular object,
// assigning the next free one on first use.
func (c *inspector) circularIndex(o *sobek.Object) int {
	if c.circular == nil {
		c.circular = map[*sobek.Object]int{}
	}
	idx, ok := c.circular[o]
	if !ok {
		idx = len(c.circular) + 1
		c.circular[o] = idx
	}
	return idx
}

// rawState collects what formatRaw decides about an object before its
// entries are formatted.
type rawState struct {
	keys       []propKey
	base       string
	braces     [2]string
	extrasType int
	formatter  func(recurseTimes int) []string
	done       bool   // result is final, no entries to format
	result     string // final result when done
}

// formatRaw is Node's formatRaw: classifies the object, then formats its
// entries and properties and joins them.
func (c *inspector) formatRaw(o *sobek.Object, recurseTimes int, typedArray bool) string {
	ctor, ctorOK := c.constructorName(o, recurseTimes)
	var protoProps []string
	if c.opts.showHidden && recurseTimes <= c.opts.depth {
		protoProps = c.prototypeProperties(o, recurseTimes, ctorOK)
	}
	tag := c.stringTag(o)
	st := &rawState{braces: [2]string{"{", "}"}, extrasType: kObjectType}
	if !c.classifyIterable(st, o, ctor, ctorOK, tag, protoProps != nil) {
		c.classifyOther(st, o, ctor, ctorOK, tag, recurseTimes, typedArray, protoProps != nil)
	}
	if st.done {
		return st.result
	}
	if recurseTimes > c.opts.depth {
		name := strings.TrimSuffix(c.ctxStyle(o, ctor, ctorOK, tag), " ")
		if ctorOK {
			name = "[" + name + "]"
		}
		return name
	}
	recurseTimes++
	c.seen = append(c.seen, o)
	c.currentDepth = recurseTimes
	var output []string
	if st.formatter != nil {
		output = st.formatter(recurseTimes)
	}
	for _, k := range st.keys {
		output = append(output, c.formatProperty(o, recurseTimes, k, st.extrasType, nil))
	}
	output = append(output, protoProps...)
	if idx, ok := c.circular[o]; ok {
		ref := "<ref *" + strconv.Itoa(idx) + ">"
		if st.base == "" {
			st.base = ref
		} else {
			st.base = ref + " " + st.base
		}
	}
	c.seen = c.seen[:len(c.seen)-1]
	return c.reduceToSingleString(output, st.base, st.braces, st.extrasType, recurseTimes, o)
}

// classifyIterable handles arrays, Sets, Maps and typed arrays. It reports
// false if o is none of them.
func (c *inspector) classifyIterable(st *rawState, o *sobek.Object, ctor string, ctorOK bool, tag string, hasProto bool) bool {
	if ctorOK && sobek.IsUndefined(orUndefined(o.GetSymbol(sobek.SymIterator))) {
		return false
	}
	switch {
	case o.ClassName() == "Array":
		prefix := ""
		if ctor != "Array" || !ctorOK || tag != "" {
			prefix = getPrefix(ctor, ctorOK, tag, "Array", "("+strconv.FormatInt(lengthOf(o), 10)+")")
		}
		st.keys = c.nonIndexKeys(o)
		st.braces = [2]string{prefix + "[", "]"}
		if lengthOf(o) == 0 && len(st.keys) == 0 && !hasProto {
			st.done, st.result = true, st.braces[0]+"]"
			return true
		}
		st.extrasType = kArrayExtrasType
		st.formatter = func(rt int) []string { return c.formatArray(o, rt) }
	default:
		if size, ok := c.brandSize("Set", o, ctorOK); ok {
			c.setupCollection(st, o, ctor, ctorOK, tag, "Set", size, hasProto, c.formatSet)
		} else if size, ok := c.brandSize("Map", o, ctorOK); ok {
			c.setupCollection(st, o, ctor, ctorOK, tag, "Map", size, hasProto, c.formatMap)
		} else if name, ok := c.typedArrayName(o); ok {
			c.setupTypedArray(st, o, ctor, ctorOK, tag, name)
		} else {
			return false
		}
	}
	return true
}

// setupCollection prepares a Set or Map.
func (c *inspector) setupCollection(st *rawState, o *sobek.Object, ctor string, ctorOK bool, tag, kind string, size int64, hasProto bool, f func(*sobek.Object, int64, int) []string) {
	prefix := getPrefix(ctor, ctorOK, tag, kind, "("+strconv.FormatInt(size, 10)+")")
	st.keys = c.keys(o)
	if size == 0 && len(st.keys) == 0 && !hasProto {
		st.done, st.result = true, prefix+"{}"
		return
	}
	st.braces = [2]string{prefix + "{", "}"}
	st.formatter = func(rt int) []string { return f(o, size, rt) }
}

// setupTypedArray prepares a typed array.
func (c *inspector) setupTypedArray(st *rawState, o *sobek.Object, ctor string, ctorOK bool, tag, name string) {
	st.keys = c.nonIndexKeys(o)
	fallback := ""
	if !ctorOK {
		fallback = name
	}
	size := c.js.typedArrayLength(o)
	prefix := getPrefix(ctor, ctorOK, tag, fallback, "("+strconv.FormatInt(size, 10)+")")
	st.braces = [2]string{prefix + "[", "]"}
	if size == 0 && len(st.keys) == 0 && !c.opts.showHidden {
		st.done, st.result = true, st.braces[0]+"]"
		return
	}
	st.extrasType = kArrayExtrasType
	st.formatter = func(rt int) []string { return c.formatTypedArray(o, size, rt) }
}

// classifyOther handles everything that is not array-like: functions,
// plain objects, RegExps, Dates, errors, buffers, promises, boxed
// primitives and class instances.
func (c *inspector) classifyOther(st *rawState, o *sobek.Object, ctor string, ctorOK bool, tag string, recurseTimes int, typedArray, hasProto bool) {
	st.keys = c.keys(o)
	empty := len(st.keys) == 0 && !hasProto
	finish := func(s string, when bool) {
		if when {
			st.done, st.result = true, s
		}
	}
	if _, isFn := sobek.AssertFunction(o); isFn {
		st.base = c.functionBase(o, ctor, ctorOK, tag)
		finish(st.base, empty)
		return
	}
	if ctorOK && ctor == "Object" {
		if o.ClassName() == "Arguments" {
			st.braces[0] = "[Arguments] {"
		} else if tag != "" {
			st.braces[0] = getPrefix(ctor, ctorOK, tag, "Object", "") + "{"
		}
		finish(st.braces[0]+"}", empty)
		return
	}
	switch cls := o.ClassName(); {
	case cls == "RegExp":
		st.base = c.prefixed(c.js.callString("RegExp.prototype.toString", o), ctor, ctorOK, tag, "RegExp")
		finish(st.base, empty || recurseTimes > c.opts.depth)
	case cls == "Date":
		st.base = c.prefixed(c.dateString(o), ctor, ctorOK, tag, "Date")
		finish(st.base, empty)
	case cls == "Error" || c.js.instanceOf(o, "Error"):
		st.base = c.formatError(o, ctor, ctorOK, tag, &st.keys)
		finish(st.base, len(st.keys) == 0 && !hasProto)
	case o.ExportType() == reflectArrayBuffer:
		c.setupArrayBuffer(st, o, ctor, ctorOK, tag, typedArray, empty)
	case o.ExportType() == reflectPromise:
		st.braces[0] = getPrefix(ctor, ctorOK, tag, "Promise", "") + "{"
		st.formatter = func(rt int) []string { return c.formatPromise(o, rt) }
	default:
		c.classifyRest(st, o, ctor, ctorOK, tag, hasProto)
	}
}

// classifyRest handles DataView, WeakSet, WeakMap, boxed primitives and
// ordinary class instances.
func (c *inspector) classifyRest(st *rawState, o *sobek.Object, ctor string, ctorOK bool, tag string, hasProto bool) {
	switch {
	case c.mayBe(o, ctorOK, "DataView") && c.js.call("DataView.prototype.byteLength#get", o) != nil:
		st.braces[0] = getPrefix(ctor, ctorOK, tag, "DataView", "") + "{"
		st.keys = append([]propKey{{name: "byteLength"}, {name: "byteOffset"}, {name: "buffer"}}, st.keys...)
	case c.mayBe(o, ctorOK, "WeakSet") && c.js.brandCheck("WeakSet.prototype.has", o):
		st.braces[0] = getPrefix(ctor, ctorOK, tag, "WeakSet", "") + "{"
		st.formatter = func(int) []string { return []string{"<items unknown>"} }
	case c.mayBe(o, ctorOK, "WeakMap") && c.js.brandCheck("WeakMap.prototype.has", o):
		st.braces[0] = getPrefix(ctor, ctorOK, tag, "WeakMap", "") + "{"
		st.formatter = func(int) []string { return []string{"<items unknown>"} }
	default:
		if base, ok := c.boxedBase(o, ctor, ctorOK, tag, &st.keys); ok {
			st.base = base
			if len(st.keys) == 0 && !hasProto {
				st.done, st.result = true, base
			}
			return
		}
		style := c.ctxStyle(o, ctor, ctorOK, tag)
		if len(st.keys) == 0 && !hasProto {
			st.done, st.result = true, style+"{}"
			return
		}
		st.braces[0] = style + "{"
	}
}

// setupArrayBuffer prepares an ArrayBuffer.
func (c *inspector) setupArrayBuffer(st *rawState, o *sobek.Object, ctor string, ctorOK bool, tag string, typedArray, empty bool) {
	prefix := getPrefix(ctor, ctorOK, tag, "ArrayBuffer", "")
	ab := o.Export().(sobek.ArrayBuffer)
	if !typedArray {
		st.formatter = func(int) []string { return []string{c.arrayBufferContents(ab)} }
	} else if empty {
		st.done = true
		st.result = prefix + "{ byteLength: " + strconv.Itoa(len(ab.Bytes())) + " }"
		return
	}
	st.braces[0] = prefix + "{"
	st.keys = append([]propKey{{name: "byteLength"}}, st.keys...)
}

// prefixed adds a constructor/tag prefix to a RegExp or Date rendering when
// the object is not a plain instance.
func (c *inspector) prefixed(base, ctor string, ctorOK bool, tag, fallback string) string {
	prefix := getPrefix(ctor, ctorOK, tag, fallback, "")
	if prefix != fallback+" " {
		return prefix + base
	}
	return base
}

// dateString renders a Date as toISOString, or toString when invalid.
func (c *inspector) dateString(o *sobek.Object) string {
	t := c.js.call("Date.prototype.getTime", o)
	if t == nil || sobek.IsNaN(t) {
		return c.js.callString("Date.prototype.toString", o)
	}
	return c.js.callString("Date.prototype.toISOString", o)
}

// getPrefix is Node's getPrefix; ctorOK false means a null constructor.
func getPrefix(ctor string, ctorOK bool, tag, fallback, size string) string {
	if !ctorOK {
		if tag != "" && fallback != tag {
			return "[" + fallback + size + ": null prototype] [" + tag + "] "
		}
		return "[" + fallback + size + ": null prototype] "
	}
	if tag != "" && ctor != tag {
		return ctor + size + " [" + tag + "] "
	}
	return ctor + size + " "
}

// ctxStyle is Node's getCtxStyle.
func (c *inspector) ctxStyle(o *sobek.Object, ctor string, ctorOK bool, tag string) string {
	fallback := ""
	if !ctorOK {
		fallback = internalConstructorName(o)
		if fallback == tag {
			fallback = "Object"
		}
	}
	return getPrefix(ctor, ctorOK, tag, fallback, "")
}

// internalConstructorName approximates V8's internal constructor name of
// an object, used for objects whose prototype chain has no constructor.
func internalConstructorName(o *sobek.Object) string {
	if _, ok := sobek.AssertFunction(o); ok {
		return "Function"
	}
	switch cls := o.ClassName(); cls {
	case "Array", "Error", "RegExp", "Date", "Number", "String", "Boolean":
		return cls
	}
	return "Object"
}

// stringTag returns Symbol.toStringTag when it should be shown: a
// non-empty string that is not an own enumerable property (own at all,
// with showHidden).
func (c *inspector) stringTag(o *sobek.Object) string {
	t := o.GetSymbol(sobek.SymToStringTag)
	if t == nil || !sobek.IsString(t) {
		return ""
	}
	tag := t.String()
	if tag == "" {
		return ""
	}
	check := "Object.prototype.propertyIsEnumerable"
	if c.opts.showHidden {
		check = "Object.prototype.hasOwnProperty"
	}
	if r := c.js.call(check, o, sobek.SymToStringTag); r != nil && r.ToBoolean() {
		return ""
	}
	return tag
}

// lengthOf reads o.length as an integer.
func lengthOf(o *sobek.Object) int64 {
	v := o.Get("length")
	if v == nil {
		return 0
	}
	return v.ToInteger()
}

func orUndefined(v sobek.Value) sobek.Value {
	if v == nil {
		return sobek.Undefined()
	}
	return v
}

// mayBe is a cheap pre-filter for brand checks: an object with a
// constructor can only be a built-in kind if it inherits from that kind's
// prototype (objects with a null prototype are always brand-checked).
func (c *inspector) mayBe(o *sobek.Object, ctorOK bool, kind string) bool {
	return !ctorOK || c.js.instanceOf(o, kind)
}

// brandSize returns the size of a Map or Set (kind), or false if o is not one.
func (c *inspector) brandSize(kind string, o *sobek.Object, ctorOK bool) (int64, bool) {
	if !c.mayBe(o, ctorOK, kind) {
		return 0, false
	}
	v := c.js.call(kind+".prototype.size#get", o)
	if v == nil {
		return 0, false
	}
	return v.ToInteger(), true
}

// typedArrayName returns the kind of a typed array ("Uint8Array", ...),
// or false if o is not one.
func (c *inspector) typedArrayName(o *sobek.Object) (string, bool) {
	t := o.ExportType()
	if t == nil || t.Kind() != reflect.Slice || t.Elem().Kind() == reflect.Interface {
		return "", false
	}
	return c.js.typedArrayTag(o)
}

// boxedValue unwraps a boxed Symbol or BigInt (kind), or returns nil.
func (c *inspector) boxedValue(o *sobek.Object, ctorOK bool, kind string) sobek.Value {
	if !c.mayBe(o, ctorOK, kind) {
		return nil
	}
	return c.js.call(kind+".prototype.valueOf", o)
}

// ---------------------------------------------------------------------------
// Constructor names and prototype properties

// constructorName is Node's getConstructorName. ok is false when the
// prototype chain ends without a constructor (null prototype).
func (c *inspector) constructorName(o *sobek.Object, recurseTimes int) (string, bool) {
	var firstProto *sobek.Object
	firstSet := false
	for obj := o; obj != nil; {
		if name, ok := c.js.wellKnownPrototype(obj, o); ok {
			return name, true
		}
		if ctor := c.js.ownConstructor(obj); ctor != nil {
			if name := ctor.Get("name"); name != nil && name.String() != "" && c.js.isInstance(o, ctor) {
				return name.String(), true
			}
		}
		obj = obj.Prototype()
		if !firstSet {
			firstProto, firstSet = obj, true
		}
	}
	if firstProto == nil {
		return "", false
	}
	res := internalConstructorName(o)
	if recurseTimes > c.opts.depth {
		return res + " <Complex prototype>", true
	}
	protoCtor, ok := c.constructorName(firstProto, recurseTimes+1)
	if !ok {
		sub := &inspector{rt: c.rt, js: c.js, opts: c.opts}
		sub.opts.depth = -1
		return res + " <" + sub.formatValue(firstProto, 0, false) + ">", true
	}
	return res + " <" + protoCtor + ">", true
}

// builtInObjects are the global constructor names Node treats as built-in.
var builtInObjects = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`Object Function Array Number Infinity NaN Boolean String Symbol
		Date Promise RegExp Error AggregateError EvalError RangeError ReferenceError SyntaxError
		TypeError URIError JSON Math Intl ArrayBuffer Uint8Array Int8Array Uint16Array Int16Array
		Uint32Array Int32Array Float32Array Float64Array Uint8ClampedArray BigUint64Array
		BigInt64Array DataView Map BigInt Set WeakMap WeakSet Proxy Reflect FinalizationRegistry
		WeakRef SharedArrayBuffer Atomics WebAssembly`) {
		builtInObjects[n] = true
	}
}

// prototypeProperties is Node's addPrototypeProperties (showHidden only):
// non-function properties of up to three user-defined prototype layers.
func (c *inspector) prototypeProperties(o *sobek.Object, recurseTimes int, ctorOK bool) []string {
	if !ctorOK {
		return nil
	}
	var out []string
	seenKeys := map[propKey]bool{}
	obj := o
	for depth := 0; depth < 3; depth++ {
		obj = obj.Prototype()
		if obj == nil || c.js.isBuiltinPrototype(obj) {
			break
		}
		keys := c.js.ownKeys(obj)
		c.seen = append(c.seen, o)
		for _, k := range keys {
			if (k.sym == nil && k.name == "constructor") || c.js.hasOwn(o, k) || seenKeys[k] {
				continue
			}
			d := c.js.descriptor(obj, k)
			if _, isFn := sobek.AssertFunction(orUndefined(d.value)); isFn {
				continue
			}
			out = append(out, c.formatProperty(obj, recurseTimes, k, kObjectType, &d))
		}
		c.seen = c.seen[:len(c.seen)-1]
		for _, k := range keys {
			seenKeys[k] = true
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Keys and properties

// propKey is an own property key: a string name or a symbol.
type propKey struct {
	name string
	sym  *sobek.Symbol
}

// value converts the key to a JavaScript property key.
func (k propKey) value(rt *sobek.Runtime) sobek.Value {
	if k.sym != nil {
		return k.sym
	}
	return rt.ToValue(k.name)
}

// keys is Node's getKeys: own enumerable string keys and symbols (all own
// keys with showHidden).
func (c *inspector) keys(o *sobek.Object) []propKey {
	var names []string
	var syms []*sobek.Symbol
	if c.opts.showHidden {
		names = o.GetOwnPropertyNames()
		syms = c.js.ownSymbols(o)
	} else {
		names = o.Keys()
		syms = o.Symbols()
	}
	out := make([]propKey, 0, len(names)+len(syms))
	for _, n := range names {
		out = append(out, propKey{name: n})
	}
	for _, s := range syms {
		out = append(out, propKey{sym: s})
	}
	return out
}

// nonIndexKeys returns keys without the array indices.
func (c *inspector) nonIndexKeys(o *sobek.Object) []propKey {
	all := c.keys(o)
	out := all[:0]
	for _, k := range all {
		if k.sym != nil || !isArrayIndex(k.name) {
			out = append(out, k)
		}
	}
	return out
}

// isArrayIndex reports whether s is a canonical array index.
func isArrayIndex(s string) bool {
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return err == nil && n < 1<<32-1
}

var keyStrRegExp = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z_0-9]*$`)

// formatProperty is Node's formatProperty: "key: value" (just the value for
// array entries), showing accessors as [Getter], [Setter] or
// [Getter/Setter].
func (c *inspector) formatProperty(o *sobek.Object, recurseTimes int, k propKey, typ int, d *propDescriptor) string {
	if d == nil {
		desc := c.js.descriptor(o, k)
		if !desc.exists {
			desc = propDescriptor{value: c.getKey(o, k), enumerable: true}
		}
		d = &desc
	}
	var str string
	switch {
	case d.value != nil && !sobek.IsUndefined(d.value):
		c.indentationLvl += 2
		str = c.formatValue(d.value, recurseTimes, false)
		c.indentationLvl -= 2
	case d.get != nil:
		str = "[Getter]"
		if d.set != nil {
			str = "[Getter/Setter]"
		}
	case d.set != nil:
		str = "[Setter]"
	default:
		str = "undefined"
	}
	if typ == kArrayType {
		return str
	}
	return formatKey(k, d.enumerable) + ": " + str
}

// formatKey renders a property name the way Node does.
func formatKey(k propKey, enumerable bool) string {
	switch {
	case k.sym != nil:
		return "[" + escapeKey(symbolToString(k.sym)) + "]"
	case k.name == "__proto__":
		return "['__proto__']"
	case !enumerable:
		return "[" + escapeKey(k.name) + "]"
	case keyStrRegExp.MatchString(k.name):
		return k.name
	}
	return strEscape(utf16.Encode([]rune(k.name)))
}

// getKey reads o[k].
func (c *inspector) getKey(o *sobek.Object, k propKey) sobek.Value {
	if k.sym != nil {
		return o.GetSymbol(k.sym)
	}
	return o.Get(k.name)
}

// ---------------------------------------------------------------------------
// Entry formatters

// formatArray formats up to maxArrayLength array entries (Node's formatArray).
func (c *inspector) formatArray(o *sobek.Object, recurseTimes int) []string {
	valLen := int(lengthOf(o))
	n := min(max(0, c.opts.maxArrayLength), valLen)
	output := []string{}
	for i := 0; i < n; i++ {
		k := propKey{name: strconv.Itoa(i)}
		d := c.js.descriptor(o, k)
		if !d.exists {
			return c.formatSpecialArray(o, recurseTimes, n, output, i)
		}
		output = append(output, c.formatProperty(o, recurseTimes, k, kArrayType, &d))
	}
	if valLen > n {
		output = append(output, remainingText(valLen-n))
	}
	return output
}

// formatSpecialArray formats a sparse array, starting at index i, with
// "<N empty items>" for holes (Node's formatSpecialArray).
func (c *inspector) formatSpecialArray(o *sobek.Object, recurseTimes, maxLength int, output []string, i int) []string {
	keys := o.Keys()
	index := i
	for ; i < len(keys) && len(output) < maxLength; i++ {
		key := keys[i]
		if strconv.Itoa(index) != key {
			if !isArrayIndex(key) {
				break
			}
			tmp, _ := strconv.Atoi(key)
			empty := tmp - index
			output = append(output, "<"+strconv.Itoa(empty)+" empty item"+plural(empty)+">")
			index = tmp
			if len(output) == maxLength {
				break
			}
		}
		output = append(output, c.formatProperty(o, recurseTimes, propKey{name: key}, kArrayType, nil))
		index++
	}
	remaining := int(lengthOf(o)) - index
	if len(output) != maxLength {
		if remaining > 0 {
			output = append(output, "<"+strconv.Itoa(remaining)+" empty item"+plural(remaining)+">")
		}
	} else if remaining > 0 {
		output = append(output, remainingText(remaining))
	}
	return output
}

// formatTypedArray formats typed array elements (Node's formatTypedArray).
func (c *inspector) formatTypedArray(o *sobek.Object, length int64, recurseTimes int) []string {
	n := min(int64(max(0, c.opts.maxArrayLength)), length)
	output := make([]string, 0, n+1)
	for i := int64(0); i < n; i++ {
		output = append(output, c.formatPrimitive(o.Get(strconv.FormatInt(i, 10))))
	}
	if length > n {
		output = append(output, remainingText(int(length-n)))
	}
	if c.opts.showHidden {
		c.indentationLvl += 2
		for _, key := range []string{"BYTES_PER_ELEMENT", "length", "byteLength", "byteOffset", "buffer"} {
			output = append(output, "["+key+"]: "+c.formatValue(o.Get(key), recurseTimes, true))
		}
		c.indentationLvl -= 2
	}
	return output
}

// formatSet formats Set entries (Node's formatSet).
func (c *inspector) formatSet(o *sobek.Object, size int64, recurseTimes int) []string {
	var output []string
	c.indentationLvl += 2
	c.forOf(c.js.call("Set.prototype.values", o), func(v sobek.Value) {
		output = append(output, c.formatValue(v, recurseTimes, false))
	})
	c.indentationLvl -= 2
	return c.appendRemaining(output, size)
}

// formatMap formats Map entries as "key => value" (Node's formatMap).
func (c *inspector) formatMap(o *sobek.Object, size int64, recurseTimes int) []string {
	var output []string
	c.indentationLvl += 2
	c.forOf(c.js.call("Map.prototype.entries", o), func(v sobek.Value) {
		entry := v.ToObject(c.rt)
		k := c.formatValue(entry.Get("0"), recurseTimes, false)
		output = append(output, k+" => "+c.formatValue(entry.Get("1"), recurseTimes, false))
	})
	c.indentationLvl -= 2
	return c.appendRemaining(output, size)
}

// forOf iterates the built-in iterator it (nil if it could not be
// created), calling f for at most maxArrayLength values.
func (c *inspector) forOf(it sobek.Value, f func(sobek.Value)) {
	limit := max(0, c.opts.maxArrayLength)
	if limit == 0 || it == nil {
		return
	}
	i := 0
	c.rt.ForOf(it, func(v sobek.Value) bool {
		f(v)
		i++
		return i < limit
	})
}

// appendRemaining adds "... N more items" when a collection of the given
// size was cut at maxArrayLength.
func (c *inspector) appendRemaining(output []string, size int64) []string {
	if rem := size - int64(max(0, c.opts.maxArrayLength)); rem > 0 {
		output = append(output, remainingText(int(rem)))
	}
	return output
}

// formatPromise shows the state and result of a promise.
func (c *inspector) formatPromise(o *sobek.Object, recurseTimes int) []string {
	p := o.Export().(*sobek.Promise)
	switch p.State() {
	case sobek.PromiseStatePending:
		return []string{"<pending>"}
	case sobek.PromiseStateRejected:
		c.indentationLvl += 2
		s := c.formatValue(p.Result(), recurseTimes, false)
		c.indentationLvl -= 2
		return []string{"<rejected> " + s}
	}
	c.indentationLvl += 2
	s := c.formatValue(p.Result(), recurseTimes, false)
	c.indentationLvl -= 2
	return []string{s}
}

// arrayBufferContents renders the "[Uint8Contents]: <..>" entry.
func (c *inspector) arrayBufferContents(ab sobek.ArrayBuffer) string {
	if ab.Detached() {
		return "(detached)"
	}
	return "[Uint8Contents]: <" + hexBytes(ab.Bytes(), c.opts.maxArrayLength) + ">"
}

// hexBytes renders up to limit bytes as space-separated hex pairs followed
// by "... N more bytes".
func hexBytes(data []byte, limit int) string {
	const hex = "0123456789abcdef"
	n := min(len(data), max(limit, 0))
	parts := make([]string, n)
	for i := 0; i < n; i++ {
		parts[i] = string(hex[data[i]>>4]) + string(hex[data[i]&15])
	}
	s := strings.Join(parts, " ")
	if rem := len(data) - n; rem > 0 {
		s += " ... " + strconv.Itoa(rem) + " more byte" + plural(rem)
	}
	return s
}

// formatBuffer renders a Node Buffer (a Uint8Array whose constructor is
// named Buffer) like Buffer.prototype[util.inspect.custom]:
// <Buffer 68 69>, at most 50 bytes.
func (c *inspector) formatBuffer(o *sobek.Object) (string, bool) {
	if name, ok := c.typedArrayName(o); !ok || name != "Uint8Array" {
		return "", false
	}
	ctor, ok := o.Get("constructor").(*sobek.Object)
	if !ok || ctor.Get("name") == nil || ctor.Get("name").String() != "Buffer" {
		return "", false
	}
	data, _ := o.Export().([]byte)
	str := hexBytes(data, 50)
	if extras := c.bufferExtras(o); extras != "" {
		if len(data) != 0 {
			str += ", "
		}
		str += extras
	}
	return "<Buffer " + str + ">", true
}

// bufferExtras renders the non-index own properties of a Buffer on one line.
func (c *inspector) bufferExtras(o *sobek.Object) string {
	keys := c.nonIndexKeys(o)
	if len(keys) == 0 {
		return ""
	}
	sub := &inspector{rt: c.rt, js: c.js, opts: c.opts}
	sub.opts.breakLength = math.MaxInt32
	sub.seen = []*sobek.Object{o}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = sub.formatProperty(o, 1, k, kObjectType, nil)
	}
	return strings.Join(parts, ", ")
}

// ---------------------------------------------------------------------------
// Functions, boxed primitives, errors

// functionBase is Node's getFunctionBase: [Function: f], [class X], ...
func (c *inspector) functionBase(o *sobek.Object, ctor string, ctorOK bool, tag string) string {
	src := c.js.callString("Function.prototype.toString", o)
	if strings.HasPrefix(src, "class") && strings.HasSuffix(src, "}") {
		return c.classBase(o, ctor, ctorOK, tag)
	}
	typ := "Function"
	switch fnTag := valueToString(orUndefined(o.GetSymbol(sobek.SymToStringTag))); fnTag {
	case "GeneratorFunction", "AsyncFunction", "AsyncGeneratorFunction":
		typ = fnTag
	}
	base := "[" + typ
	if !ctorOK {
		base += " (null prototype)"
	}
	if name := valueToString(orUndefined(o.Get("name"))); name == "" {
		base += " (anonymous)"
	} else {
		base += ": " + name
	}
	base += "]"
	if ctorOK && ctor != typ {
		base += " " + ctor
	}
	if tag != "" && ctor != tag {
		base += " [" + tag + "]"
	}
	return base
}

// classBase is Node's getClassBase: [class X extends Y].
func (c *inspector) classBase(o *sobek.Object, ctor string, ctorOK bool, tag string) string {
	name := ""
	if c.js.hasOwn(o, propKey{name: "name"}) {
		if v := o.Get("name"); v != nil && v.ToBoolean() {
			name = valueToString(v)
		}
	}
	if name == "" {
		name = "(anonymous)"
	}
	base := "class " + name
	if ctor != "Function" && ctorOK {
		base += " [" + ctor + "]"
	}
	if tag != "" && ctor != tag {
		base += " [" + tag + "]"
	}
	if !ctorOK {
		base += " extends [null prototype]"
	} else if proto := o.Prototype(); proto != nil {
		if super := proto.Get("name"); super != nil && super.ToBoolean() {
			base += " extends " + valueToString(super)
		}
	}
	return "[" + base + "]"
}

// boxedBase is Node's getBoxedBase: [Number: 3], [String: 'abc'], ...
func (c *inspector) boxedBase(o *sobek.Object, ctor string, ctorOK bool, tag string, keys *[]propKey) (string, bool) {
	var typ string
	var prim sobek.Value
	switch o.ClassName() {
	case "Number", "String", "Boolean":
		typ = o.ClassName()
		prim = c.js.call(typ+".prototype.valueOf", o)
	default:
		if v := c.boxedValue(o, ctorOK, "Symbol"); v != nil {
			typ, prim = "Symbol", v
		} else if v := c.boxedValue(o, ctorOK, "BigInt"); v != nil {
			typ, prim = "BigInt", v
		}
	}
	if prim == nil {
		return "", false
	}
	if typ == "String" {
		*keys = c.withoutIndexKeys(*keys, lengthOf(o))
	}
	base := "[" + typ
	if !ctorOK {
		base += " (null prototype)"
	} else if typ != ctor {
		base += " (" + ctor + ")"
	}
	sub := &inspector{rt: c.rt, js: c.js, opts: c.opts, indentationLvl: c.indentationLvl}
	base += ": " + sub.formatPrimitive(prim) + "]"
	if tag != "" && tag != ctor {
		base += " [" + tag + "]"
	}
	return base, true
}

// withoutIndexKeys drops the first n keys (the character indices of a
// boxed string).
func (c *inspector) withoutIndexKeys(keys []propKey, n int64) []propKey {
	if int64(len(keys)) < n {
		return keys[:0]
	}
	return keys[n:]
}

// formatError is Node's formatError: the stack (or "[Name: message]" when
// there is no stack trace), with the constructor name improved and
// duplicate keys removed.
func (c *inspector) formatError(o *sobek.Object, ctor string, ctorOK bool, tag string, keys *[]propKey) string {
	name := "Error"
	if v := o.Get("name"); v != nil && !sobek.IsUndefined(v) && !sobek.IsNull(v) {
		name = valueToString(v)
	}
	stack := c.errorStackString(o)
	c.removeDuplicateErrorKeys(keys, o, stack)
	if c.js.hasProperty(o, "cause") && !hasNameKey(*keys, "cause") {
		*keys = append(*keys, propKey{name: "cause"})
	}
	if errs, ok := o.Get("errors").(*sobek.Object); ok && errs.ClassName() == "Array" && !hasNameKey(*keys, "errors") {
		*keys = append(*keys, propKey{name: "errors"})
	}
	stack = improveStack(stack, ctor, ctorOK, name, tag)
	stack = c.bracketOrFrames(o, stack)
	if c.indentationLvl != 0 {
		stack = strings.ReplaceAll(stack, "\n", "\n"+spaces(c.indentationLvl))
	}
	return stack
}

// errorStackString returns err.stack if truthy, else Error.prototype.toString(err).
func (c *inspector) errorStackString(o *sobek.Object) string {
	if s := o.Get("stack"); s != nil && s.ToBoolean() {
		return valueToString(s)
	}
	return c.js.callString("Error.prototype.toString", o)
}

// sobekFrameSep starts a stack frame line in stacks captured by sobek.
const sobekFrameSep = "\n\tat "

// stackFrameStart finds the first stack frame line after pos. Node looks
// for "\n    at"; sobek's own stacks use "\n\tat ", which is accepted too.
func stackFrameStart(stack string, pos int) int {
	pos = max(pos, 0)
	if pos > len(stack) {
		return -1
	}
	best := -1
	for _, sep := range []string{"\n    at", sobekFrameSep} {
		if i := strings.Index(stack[pos:], sep); i >= 0 && (best < 0 || pos+i < best) {
			best = pos + i
		}
	}
	return best
}

// bracketOrFrames wraps a stack without frames in brackets, or dedupes the
// frames shared with err.cause.
func (c *inspector) bracketOrFrames(o *sobek.Object, stack string) string {
	pos := -1
	if msg := o.Get("message"); msg != nil && msg.ToBoolean() {
		idx := strings.Index(stack, valueToString(msg))
		if idx > 0 {
			pos = idx
			if sobek.IsString(msg) {
				pos += len(msg.String())
			} else {
				pos = 0
			}
		}
	}
	start := stackFrameStart(stack, pos)
	if start == -1 {
		return "[" + stack + "]"
	}
	if strings.HasPrefix(stack[start:], sobekFrameSep) {
		stack = strings.TrimRight(stack, "\n") // sobek ends its stacks with a newline
	}
	lines := c.stackFrames(o, stack[start+1:])
	return stack[:start] + "\n" + strings.Join(lines, "\n")
}

// stackFrames splits the frames and replaces the ones identical to the
// cause's frames with "... N lines matching cause stack trace ...".
func (c *inspector) stackFrames(o *sobek.Object, frames string) []string {
	lines := strings.Split(frames, "\n")
	cause, ok := o.Get("cause").(*sobek.Object)
	if !ok || !(cause.ClassName() == "Error" || c.js.instanceOf(cause, "Error")) {
		return lines
	}
	causeStack := c.errorStackString(cause)
	i := strings.Index(causeStack, "\n    at")
	if i == -1 {
		return lines
	}
	causeLines := strings.Split(causeStack[i+1:], "\n")
	length, offset := identicalSequenceRange(lines, causeLines)
	if length > 0 {
		skipped := length - 2
		msg := "    ... " + strconv.Itoa(skipped) + " lines matching cause stack trace ..."
		rest := append([]string{msg}, lines[offset+1+skipped:]...)
		lines = append(lines[:offset+1], rest...)
	}
	return lines
}

// identicalSequenceRange finds the longest run (more than 3) of lines of a
// that also appears in b.
func identicalSequenceRange(a, b []string) (int, int) {
	for i := 0; i < len(a)-3; i++ {
		pos := indexOf(b, a[i])
		if pos == -1 || len(b)-pos <= 3 {
			continue
		}
		n := 1
		maxLen := min(len(a)-i, len(b)-pos)
		for maxLen > n && a[i+n] == b[pos+n] {
			n++
		}
		if n > 3 {
			return n, i
		}
	}
	return 0, 0
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func hasNameKey(keys []propKey, name string) bool {
	for _, k := range keys {
		if k.sym == nil && k.name == name {
			return true
		}
	}
	return false
}

// removeDuplicateErrorKeys hides name, message and stack keys whose
// values are already part of the printed stack.
func (c *inspector) removeDuplicateErrorKeys(keys *[]propKey, o *sobek.Object, stack string) {
	if c.opts.showHidden || len(*keys) == 0 {
		return
	}
	for _, name := range []string{"name", "message", "stack"} {
		for i, k := range *keys {
			if k.sym == nil && k.name == name && strings.Contains(stack, valueToString(orUndefined(o.Get(name)))) {
				*keys = append((*keys)[:i:i], (*keys)[i+1:]...)
				break
			}
		}
	}
}

var (
	errorNameStart = regexp.MustCompile(`^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)`)
	errorNameOnly  = regexp.MustCompile(`^([a-z_A-Z0-9-]*Error)$`)
)

// improveStack is Node's improveStack: makes the first line name the
// actual constructor when it differs from err.name.
func improveStack(stack, ctor string, ctorOK bool, name, tag string) string {
	n := len(name)
	regular := strings.HasSuffix(name, "Error") && strings.HasPrefix(stack, name) &&
		(len(stack) == n || stack[n] == ':' || stack[n] == '\n')
	if ctorOK && !regular {
		return stack
	}
	fallback := "Error"
	if !ctorOK {
		m := errorNameStart.FindStringSubmatch(stack)
		if m == nil {
			m = errorNameOnly.FindStringSubmatch(stack)
		}
		fallback = ""
		if m != nil {
			fallback = m[1]
		}
		n = len(fallback)
		if fallback == "" {
			fallback = "Error"
		}
	}
	prefix := strings.TrimSuffix(getPrefix(ctor, ctorOK, tag, fallback, ""), " ")
	if name == prefix {
		return stack
	}
	if strings.Contains(prefix, name) {
		if n == 0 {
			return prefix + ": " + stack
		}
		return prefix + stack[n:]
	}
	return prefix + " [" + name + "]" + stack[n:]
}

// ---------------------------------------------------------------------------
// Layout

// reduceToSingleString is Node's reduceToSingleString for numeric compact
// modes: group long arrays into columns, put short entries on one line,
// otherwise one entry per line.
func (c *inspector) reduceToSingleString(output []string, base string, braces [2]string, extrasType, recurseTimes int, value *sobek.Object) string {
	entries := len(output)
	if extrasType == kArrayExtrasType && entries > 6 {
		output = c.groupArrayElements(output, value)
	}
	if c.currentDepth-recurseTimes < c.opts.compact && entries == len(output) {
		start := len(output) + c.indentationLvl + jsLen(braces[0]) + jsLen(base) + 10
		if c.isBelowBreakLength(output, start, base) {
			joined := strings.Join(output, ", ")
			if !strings.Contains(joined, "\n") {
				if base != "" {
					base += " "
				}
				return base + braces[0] + " " + joined + " " + braces[1]
			}
		}
	}
	indentation := "\n" + spaces(c.indentationLvl)
	if base != "" {
		base += " "
	}
	return base + braces[0] + indentation + "  " + strings.Join(output, ","+indentation+"  ") + indentation + braces[1]
}

// isBelowBreakLength reports whether the entries fit on one line.
func (c *inspector) isBelowBreakLength(output []string, start int, base string) bool {
	total := len(output) + start
	if total+len(output) > c.opts.breakLength {
		return false
	}
	for _, s := range output {
		total += jsLen(s)
		if total > c.opts.breakLength {
			return false
		}
	}
	return base == "" || !strings.Contains(base, "\n")
}

// groupArrayElements is Node's groupArrayElements: lays out many short
// array entries in aligned columns.
func (c *inspector) groupArrayElements(output []string, value *sobek.Object) []string {
	totalLength, maxLength := 0, 0
	outputLength := len(output)
	if c.opts.maxArrayLength < len(output) {
		outputLength-- // the "... more items" entry is not grouped
	}
	const separatorSpace = 2
	dataLen := make([]int, outputLength)
	for i := 0; i < outputLength; i++ {
		l := stringWidth(output[i])
		dataLen[i] = l
		totalLength += l + separatorSpace
		maxLength = max(maxLength, l)
	}
	actualMax := maxLength + separatorSpace
	if actualMax*3+c.indentationLvl >= c.opts.breakLength ||
		!(float64(totalLength)/float64(actualMax) > 5 || maxLength <= 6) {
		return output
	}
	columns := c.groupColumns(actualMax, totalLength, len(output), outputLength)
	if columns <= 1 {
		return output
	}
	rows := groupRows(output[:outputLength], dataLen, columns, c.allNumeric(value, len(output)))
	if c.opts.maxArrayLength < len(output) {
		rows = append(rows, output[outputLength])
	}
	return rows
}

// groupRows lays out entries (with display widths dataLen) in rows of the
// given number of columns, padding each column to its widest entry;
// numeric entries are right-aligned.
func groupRows(entries []string, dataLen []int, columns int, padStart bool) []string {
	const separatorSpace = 2
	maxLineLength := make([]int, columns)
	for i := 0; i < columns; i++ {
		lineMax := 0
		for j := i; j < len(entries); j += columns {
			lineMax = max(lineMax, dataLen[j])
		}
		maxLineLength[i] = lineMax + separatorSpace
	}
	var rows []string
	for i := 0; i < len(entries); i += columns {
		end := min(i+columns, len(entries))
		var b strings.Builder
		j := i
		for ; j < end-1; j++ {
			padding := maxLineLength[j-i] + jsLen(entries[j]) - dataLen[j]
			b.WriteString(pad(entries[j]+", ", padding, padStart))
		}
		if padStart {
			padding := maxLineLength[j-i] + jsLen(entries[j]) - dataLen[j] - separatorSpace
			b.WriteString(pad(entries[j], padding, true))
		} else {
			b.WriteString(entries[j])
		}
		rows = append(rows, b.String())
	}
	return rows
}

// groupColumns computes how many columns groupArrayElements uses.
func (c *inspector) groupColumns(actualMax, totalLength, entries, outputLength int) int {
	const approxCharHeights = 2.5
	averageBias := math.Sqrt(float64(actualMax) - float64(totalLength)/float64(entries))
	biasedMax := math.Max(float64(actualMax)-3-averageBias, 1)
	columns := math.Min(
		math.Floor(math.Sqrt(approxCharHeights*biasedMax*float64(outputLength))/biasedMax+0.5),
		math.Floor(float64(c.opts.breakLength-c.indentationLvl)/float64(actualMax)),
	)
	columns = math.Min(columns, float64(c.opts.compact*4))
	return int(math.Min(columns, 15))
}

// allNumeric reports whether value[0..n-1] are all numbers or bigints,
// in which case grouped entries are right-aligned.
func (c *inspector) allNumeric(value *sobek.Object, n int) bool {
	if value == nil {
		return true
	}
	for i := 0; i < n; i++ {
		v := value.Get(strconv.Itoa(i))
		if v == nil || !(sobek.IsNumber(v) || sobek.IsBigInt(v)) {
			return false
		}
	}
	return true
}

// pad pads s with spaces to width JavaScript code units, at the start or end.
func pad(s string, width int, atStart bool) string {
	n := width - jsLen(s)
	if n <= 0 {
		return s
	}
	if atStart {
		return spaces(n) + s
	}
	return s + spaces(n)
}

// stringWidth approximates Node's getStringWidth (colors off): printable
// characters count 1, full-width characters 2, control and combining
// characters 0.
func stringWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case isZeroWidth(r):
		case isFullWidth(r):
			w += 2
		default:
			w++
		}
	}
	return w
}

func isZeroWidth(r rune) bool {
	return r <= 0x1f || (r >= 0x7f && r <= 0x9f) || (r >= 0x300 && r <= 0x36f) ||
		(r >= 0x200b && r <= 0x200f) || (r >= 0x20d0 && r <= 0x20ff) ||
		(r >= 0xfe00 && r <= 0xfe0f) || (r >= 0xfe20 && r <= 0xfe2f) ||
		(r >= 0xe0100 && r <= 0xe01ef)
}

func isFullWidth(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || r == 0x2329 || r == 0x232a ||
		(r >= 0x2e80 && r <= 0x3247 && r != 0x303f) || (r >= 0x3250 && r <= 0x4dbf) ||
		(r >= 0x4e00 && r <= 0xa4c6) || (r >= 0xa960 && r <= 0xa97c) ||
		(r >= 0xac00 && r <= 0xd7a3) || (r >= 0xf900 && r <= 0xfaff) ||
		(r >= 0xfe10 && r <= 0xfe19) || (r >= 0xfe30 && r <= 0xfe6b) ||
		(r >= 0xff01 && r <= 0xff60) || (r >= 0xffe0 && r <= 0xffe6) ||
		(r >= 0x1b000 && r <= 0x1b001) || (r >= 0x1f200 && r <= 0x1f251) ||
		(r >= 0x1f300 && r <= 0x1f64f) || (r >= 0x20000 && r <= 0x3fffd))
}

// ---------------------------------------------------------------------------
// Access to the runtime's built-ins

// jsBuiltins calls the runtime's built-in functions for facts the sobek Go
// API does not expose (descriptors, brand checks of internal slots).
// Lookups are cached for the duration of one formatArgs/inspectValue call.
type jsBuiltins struct {
	rt    *sobek.Runtime
	cache map[string]sobek.Value
}

// propDescriptor is an own property descriptor; get and set are nil when
// absent or undefined.
type propDescriptor struct {
	value, get, set sobek.Value
	enumerable      bool
	exists          bool
}

func newJSBuiltins(rt *sobek.Runtime) *jsBuiltins {
	return &jsBuiltins{rt: rt, cache: map[string]sobek.Value{}}
}

// lookup resolves a dotted path from the global object, such as
// "Object.getOwnPropertyDescriptor"; a "#get" suffix selects the getter of
// the last property ("Map.prototype.size#get"). It returns nil if missing.
func (j *jsBuiltins) lookup(path string) sobek.Value {
	if v, ok := j.cache[path]; ok {
		return v
	}
	var v sobek.Value
	if base, ok := strings.CutSuffix(path, "#get"); ok {
		dot := strings.LastIndexByte(base, '.')
		if holder, isObj := j.lookup(base[:dot]).(*sobek.Object); isObj {
			v = j.descriptor(holder, propKey{name: base[dot+1:]}).get
		}
	} else {
		var cur sobek.Value = j.rt.GlobalObject()
		for _, part := range strings.Split(path, ".") {
			o, isObj := cur.(*sobek.Object)
			if !isObj {
				cur = nil
				break
			}
			cur = o.Get(part)
		}
		v = cur
	}
	j.cache[path] = v
	return v
}

// callValue calls fn with this and args; it returns nil if fn is not a
// function or threw.
func (j *jsBuiltins) callValue(fn, this sobek.Value, args ...sobek.Value) sobek.Value {
	f, ok := sobek.AssertFunction(orUndefined(fn))
	if !ok {
		return nil
	}
	res, err := f(orUndefined(this), args...)
	if err != nil {
		return nil
	}
	return res
}

// call calls the built-in at path (see lookup).
func (j *jsBuiltins) call(path string, this sobek.Value, args ...sobek.Value) sobek.Value {
	return j.callValue(j.lookup(path), this, args...)
}

// callString calls the built-in at path and converts the result to a string.
func (j *jsBuiltins) callString(path string, this sobek.Value) string {
	return valueToString(orUndefined(j.call(path, this)))
}

// brandCheck reports whether calling the built-in at path on o succeeds,
// i.e. whether o has the internal slots the built-in requires.
func (j *jsBuiltins) brandCheck(path string, o *sobek.Object) bool {
	return j.call(path, o, j.rt.NewObject()) != nil
}

// typedArrayGetter returns the getter k of %TypedArray%.prototype.
func (j *jsBuiltins) typedArrayGetter(k propKey) sobek.Value {
	key := "%TypedArray%." + k.name
	if k.sym != nil {
		key += "@@" + k.sym.String()
	}
	getter, cached := j.cache[key]
	if !cached {
		if proto, ok := j.lookup("Uint8Array.prototype").(*sobek.Object); ok && proto.Prototype() != nil {
			getter = j.descriptor(proto.Prototype(), k).get
		}
		j.cache[key] = getter
	}
	return getter
}

// typedArrayTag returns the typed array kind of o ("Uint8Array", ...),
// using the %TypedArray%.prototype[Symbol.toStringTag] getter.
func (j *jsBuiltins) typedArrayTag(o *sobek.Object) (string, bool) {
	v := j.callValue(j.typedArrayGetter(propKey{sym: sobek.SymToStringTag}), o)
	if v == nil || !sobek.IsString(v) {
		return "", false
	}
	return v.String(), true
}

// typedArrayLength is the %TypedArray%.prototype.length getter.
func (j *jsBuiltins) typedArrayLength(o *sobek.Object) int64 {
	v := j.callValue(j.typedArrayGetter(propKey{name: "length"}), o)
	if v == nil {
		return 0
	}
	return v.ToInteger()
}

// isInstance is `o instanceof ctor`, false if that throws.
func (j *jsBuiltins) isInstance(o sobek.Value, ctor *sobek.Object) bool {
	res := false
	if ex := j.rt.Try(func() { res = j.rt.InstanceOf(o, ctor) }); ex != nil {
		return false
	}
	return res
}

// instanceOf is `o instanceof <global ctorName>`.
func (j *jsBuiltins) instanceOf(o sobek.Value, ctorName string) bool {
	ctor, ok := j.lookup(ctorName).(*sobek.Object)
	return ok && j.isInstance(o, ctor)
}

// wellKnownPrototype names Object.prototype and Function.prototype
// without consulting their (possibly tampered) constructor property.
func (j *jsBuiltins) wellKnownPrototype(obj, o *sobek.Object) (string, bool) {
	for _, name := range []string{"Object", "Function"} {
		if proto, ok := j.lookup(name + ".prototype").(*sobek.Object); ok && proto == obj && j.instanceOf(o, name) {
			return name, true
		}
	}
	return "", false
}

// ownConstructor returns obj's own "constructor" data property if it is a
// function.
func (j *jsBuiltins) ownConstructor(obj *sobek.Object) *sobek.Object {
	d := j.descriptor(obj, propKey{name: "constructor"})
	ctor, ok := d.value.(*sobek.Object)
	if !ok {
		return nil
	}
	if _, isFn := sobek.AssertFunction(ctor); !isFn {
		return nil
	}
	return ctor
}

// isBuiltinPrototype reports whether obj's own constructor is a built-in.
func (j *jsBuiltins) isBuiltinPrototype(obj *sobek.Object) bool {
	ctor := j.ownConstructor(obj)
	return ctor != nil && builtInObjects[valueToString(orUndefined(ctor.Get("name")))]
}

// descriptor is Object.getOwnPropertyDescriptor(o, k).
func (j *jsBuiltins) descriptor(o *sobek.Object, k propKey) propDescriptor {
	d, ok := j.call("Object.getOwnPropertyDescriptor", nil, o, k.value(j.rt)).(*sobek.Object)
	if !ok {
		return propDescriptor{}
	}
	res := propDescriptor{exists: true, value: d.Get("value"), enumerable: d.Get("enumerable").ToBoolean()}
	if g := d.Get("get"); g != nil && !sobek.IsUndefined(g) {
		res.get = g
	}
	if s := d.Get("set"); s != nil && !sobek.IsUndefined(s) {
		res.set = s
	}
	return res
}

// hasOwn is Object.prototype.hasOwnProperty.call(o, k).
func (j *jsBuiltins) hasOwn(o *sobek.Object, k propKey) bool {
	r := j.call("Object.prototype.hasOwnProperty", o, k.value(j.rt))
	return r != nil && r.ToBoolean()
}

// hasProperty is `name in o`.
func (j *jsBuiltins) hasProperty(o *sobek.Object, name string) bool {
	r := j.call("Reflect.has", nil, o, j.rt.ToValue(name))
	return r != nil && r.ToBoolean()
}

// ownSymbols is Object.getOwnPropertySymbols(o).
func (j *jsBuiltins) ownSymbols(o *sobek.Object) []*sobek.Symbol {
	var out []*sobek.Symbol
	for _, k := range j.ownKeys(o) {
		if k.sym != nil {
			out = append(out, k.sym)
		}
	}
	return out
}

// ownKeys is Reflect.ownKeys(o).
func (j *jsBuiltins) ownKeys(o *sobek.Object) []propKey {
	arr, ok := j.call("Reflect.ownKeys", nil, o).(*sobek.Object)
	if !ok {
		return nil
	}
	n := lengthOf(arr)
	out := make([]propKey, 0, n)
	for i := int64(0); i < n; i++ {
		v := arr.Get(strconv.FormatInt(i, 10))
		if s, isSym := v.(*sobek.Symbol); isSym {
			out = append(out, propKey{sym: s})
		} else {
			out = append(out, propKey{name: v.String()})
		}
	}
	return out
}

// jsonStringify implements %j: JSON.stringify, or "[Circular]" for
// circular structures. Other exceptions propagate.
func (j *jsBuiltins) jsonStringify(v sobek.Value) string {
	fn, ok := sobek.AssertFunction(orUndefined(j.lookup("JSON.stringify")))
	if !ok {
		return "undefined"
	}
	res, err := fn(sobek.Undefined(), v)
	if err != nil {
		if strings.Contains(strings.ToLower(err.Error()), "circular") {
			return "[Circular]"
		}
		panic(err)
	}
	return valueToString(res)
}

// hasBuiltInToString is Node's hasBuiltInToString: whether %s should
// inspect o instead of calling its user-defined toString.
func (j *jsBuiltins) hasBuiltInToString(o *sobek.Object) bool {
	if o.ExportType() == reflectProxy {
		if o = o.Export().(sobek.Proxy).Target(); o == nil {
			return true
		}
	}
	_, fnToString := sobek.AssertFunction(orUndefined(o.Get("toString")))
	_, fnToPrim := sobek.AssertFunction(orUndefined(o.GetSymbol(sobek.SymToPrimitive)))
	toStringKey, toPrimKey := propKey{name: "toString"}, propKey{sym: sobek.SymToPrimitive}
	checkToString, checkToPrim := true, true
	switch {
	case !fnToString && !fnToPrim:
		return true
	case !fnToString:
		if j.hasOwn(o, toPrimKey) {
			return false
		}
		checkToString = false
	case j.hasOwn(o, toStringKey):
		return false
	case !fnToPrim:
		checkToPrim = false
	case j.hasOwn(o, toPrimKey):
		return false
	}
	pointer := o
	for {
		pointer = pointer.Prototype()
		if pointer == nil {
			return true
		}
		if (checkToString && j.hasOwn(pointer, toStringKey)) || (checkToPrim && j.hasOwn(pointer, toPrimKey)) {
			break
		}
	}
	return j.isBuiltinPrototype(pointer)
}

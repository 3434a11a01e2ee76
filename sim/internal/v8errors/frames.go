package v8errors

import (
	"strconv"
	"strings"
)

// qjsFrame is one line of the engine's backtrace: "    at NAME (FILE:LINE:COL)",
// "    at NAME (native)" or, for a parse error's input, "    at FILE:LINE:COL".
type qjsFrame struct {
	name      string // the function's name property; "<anonymous>" when empty
	file      string
	line, col int
	native    bool
}

// parseBacktrace splits the engine's backtrace into frames, innermost first.
func parseBacktrace(bt string) []qjsFrame {
	var frames []qjsFrame
	for _, l := range strings.Split(bt, "\n") {
		l = strings.TrimPrefix(l, "    at ")
		if l == "" {
			continue
		}
		frames = append(frames, parseFrame(l))
	}
	return frames
}

func parseFrame(l string) qjsFrame {
	var f qjsFrame
	loc := l
	if strings.HasSuffix(l, ")") {
		if i := strings.LastIndex(l, " ("); i >= 0 {
			f.name = l[:i]
			loc = l[i+2 : len(l)-1]
		}
	} else {
		f.name = ""
	}
	if loc == "native" {
		f.native = true
		return f
	}
	// FILE:LINE:COL, the file may hold colons.
	f.file = loc
	if i := strings.LastIndexByte(loc, ':'); i > 0 {
		if col, err := strconv.Atoi(loc[i+1:]); err == nil {
			if j := strings.LastIndexByte(loc[:i], ':'); j > 0 {
				if line, err := strconv.Atoi(loc[j+1 : i]); err == nil {
					f.file, f.line, f.col = loc[:j], line, col
				}
			}
		}
	}
	return f
}

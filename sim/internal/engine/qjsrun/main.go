// Command qjsrun runs a script on the bare engine with console.log and a drained job
// queue: a tool for comparing the engine's ordering with Node's.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/internal/lower"
)

func main() {
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	r, err := engine.New(engine.Config{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	console := r.Object()
	r.Define(console, "log", r.Function("log", 0, func(c *engine.Call) engine.Value {
		parts := make([]string, c.NArgs())
		for i, a := range c.Args() {
			parts[i] = a.String()
		}
		fmt.Println(strings.Join(parts, " "))
		return c.R.Undefined()
	}), engine.Hidden)
	r.Define(r.Global(), "console", console, engine.Hidden)
	if _, err := r.Eval("globalThis."+lower.Helper+" = ("+lower.HelperSource+")(true)", "helper.js"); err != nil {
		fmt.Println("helper:", err)
	}
	code, _ := lower.ForAwait(string(src))
	if os.Getenv("SHOW") != "" {
		fmt.Println(code)
	}
	if _, err := r.Eval(code, os.Args[1]); err != nil {
		fmt.Println("error:", err)
	}
	for ran, err := r.RunJob(); ran; ran, err = r.RunJob() {
		if err != nil {
			fmt.Println("job error:", err)
		}
	}
}

package engine

import (
	"strings"
	"testing"
)

// TestAsyncGeneratorQueueDrains holds RunJob to ECMA-262's AsyncGeneratorDrainQueue where
// the engine stops early (asyncgen.go): every request queued behind a generator's end or
// behind a return() settles, in order, in the job that completes the generator, as in
// Node 24 (the expected lines are its output).
func TestAsyncGeneratorQueueDrains(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"return before start, then next", `
			async function* g() { log('body'); yield 1 }
			const it = g();
			it.return('early').then((r) => log('ret ' + JSON.stringify(r)));
			it.next().then((r) => log('next ' + JSON.stringify(r)));
			Promise.resolve().then(() => log('t1')).then(() => log('t2')).then(() => log('t3'))`,
			`t1,ret {"value":"early","done":true},next {"done":true},t2,t3`},
		{"requests queued behind the generator's end", `
			async function* g() { yield 1 }
			const it = g();
			for (let i = 0; i < 4; i++) it.next().then((r) => log(i + ' ' + JSON.stringify(r)));
			it.throw(new Error('late')).catch((e) => log('throw ' + e.message));
			Promise.resolve().then(() => log('t1')).then(() => log('t2')).then(() => log('t3'))`,
			`t1,0 {"value":1,"done":false},1 {"done":true},2 {"done":true},3 {"done":true},throw late,t2,t3`},
		{"a second return awaits in turn", `
			async function* g() { yield 1 }
			const it = g();
			it.return('a').then((r) => log('a ' + r.value));
			it.return('b').then((r) => log('b ' + r.value));
			it.next().then((r) => log('n ' + r.done));
			Promise.resolve().then(() => log('t1')).then(() => log('t2')).then(() => log('t3'))`,
			`t1,a a,t2,b b,n true,t3`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRT(t, Config{})
			var out []string
			r.Define(r.Global(), "log", r.Function("log", 1, func(call *Call) Value {
				out = append(out, call.Arg(0).String())
				return call.R.Undefined()
			}), Hidden)
			mustEval(t, r, c.src)
			for ran, err := r.RunJob(); ran; ran, err = r.RunJob() {
				if err != nil {
					t.Fatal(err)
				}
			}
			if got := strings.Join(out, ","); got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

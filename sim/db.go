package sim

import (
	"strings"

	"github.com/looplab/looplab/sim/internal/engine"
	"github.com/looplab/looplab/sim/trace"
)

// dbPool is one connection pool of the simulated database client (a createPool or a
// createConnection of the program): a query holds one of its connections for its
// latency; queries beyond its size wait in FIFO order. Waiting on the database holds
// no thread.
type dbPool struct {
	size    int
	busy    int
	waiting []*dbQuery
}

// dbStats are the database figures of a run, over all its pools.
type dbStats struct {
	pools     []*dbPool // by the id the program's client holds
	queries   int
	waitUS    int64 // total time queries waited for a connection
	maxWaitUS int64
}

type dbQuery struct {
	sql     string
	pool    *dbPool
	onDone  engine.Value
	ctx     *httpReq
	issued  int64
	line    int
	latency int64
	rows    string
	release func() // gives back what its text holds (natives.go), once answered
}

// dbNewPool makes a connection pool of size connections (0: the scenario's pool size,
// else 10, mysql2's default) and returns its id.
func (r *dbModule) dbNewPool(size int) int {
	if size <= 0 {
		size = r.dbConfig().PoolSize
	}
	if size <= 0 {
		size = 10
	}
	d := &httpKey.of(r.run).http.db
	d.pools = append(d.pools, &dbPool{size: size})
	return len(d.pools) - 1
}

// dbQueryStart starts (or queues) a query the program issued on pool id; onDone(rows)
// runs in the poll phase when the answer arrives.
func (r *dbModule) dbQueryStart(id int, sql string, onDone engine.Value, release func()) {
	d := &httpKey.of(r.run).http.db
	p := d.pools[id] // ids come from dbNewPool only (an index out of range is a simulator defect)
	line, _ := r.callerPos()
	q := &dbQuery{sql: sql, pool: p, onDone: onDone, ctx: r.curReq, issued: r.lp.Now(), line: line, release: release}
	q.latency, q.rows = r.dbAnswer(sql)
	d.queries++
	r.step(trace.DBQuery, firstLine(sql), line)
	if p.busy < p.size {
		r.dbRun(q)
		return
	}
	p.waiting = append(p.waiting, q)
}

// dbRun sends q on a free connection of its pool; the connection is released when the
// answer arrives, and the pool's next waiting query takes it.
func (r *dbModule) dbRun(q *dbQuery) {
	p, d := q.pool, &httpKey.of(r.run).http.db
	p.busy++
	wait := r.lp.Now() - q.issued
	d.waitUS += wait
	d.maxWaitUS = max(d.maxWaitUS, wait)
	done := r.lp.Now() + q.latency
	r.lp.At(done, func() {
		p.busy--
		if len(p.waiting) > 0 {
			next := p.waiting[0]
			p.waiting = p.waiting[1:]
			r.dbRun(next)
		}
	})
	r.addIO(&ioEvent{ReadyAt: done, Label: "database answer: " + firstLine(q.sql), Line: q.line, Ref: true, Kernel: true, Data: ioData{ctx: q.ctx, deliver: func() {
		q.release()
		r.invokeCallback("database answer", q.onDone, r.js.Undefined(), []engine.Value{r.val(q.rows)})
	}}})
}

func (r *dbModule) dbConfig() Database {
	if r.sc.Database != nil {
		return *r.sc.Database
	}
	return Database{}
}

// dbAnswer is the latency and rows (JSON) of a query under the scenario.
func (r *dbModule) dbAnswer(sql string) (int64, string) {
	d := r.dbConfig()
	rows := d.Rows
	if rows == "" {
		rows = `[{"id":1}]`
	}
	for _, st := range d.Statements {
		if st.Match != "" && strings.Contains(sql, st.Match) {
			if st.Rows != "" {
				rows = st.Rows
			}
			return msToUS(st.LatencyMS), rows
		}
	}
	mean := d.LatencyMS
	if mean <= 0 {
		mean = 10
	}
	switch d.Distribution {
	case "uniform":
		return msToUS(d.MinMS + httpKey.of(r.run).http.random().Float64()*(d.MaxMS-d.MinMS)), rows
	case "exponential":
		return msToUS(max(d.MinMS, httpKey.of(r.run).http.random().ExpFloat64()*mean)), rows
	}
	return msToUS(mean), rows
}

// opDBPool(size) -> the id of a new connection pool of size connections (0: the default).
func (r *dbModule) opDBPool(c *engine.Call) engine.Value {
	return r.js.Int(int64(r.dbNewPool(int(argInt(c, 0)))))
}

// opDBQuery(poolID, sql, onDone(rowsJSON)).
func (r *dbModule) opDBQuery(c *engine.Call) engine.Value {
	sql := c.Arg(1).String()
	release := r.hold(int64(len(sql)) + messageBytes) // until it is answered
	r.dbQueryStart(int(argInt(c, 0)), sql, r.js.Keep(c.Arg(2)), release)
	return r.js.Undefined()
}

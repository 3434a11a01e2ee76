package sim

import (
	"strings"

	"github.com/grafana/sobek"
)

// dbPool is the connection pool of the simulated database client: a query holds one
// connection for its latency; queries beyond the pool size wait in FIFO order. Waiting
// on the database holds no thread.
type dbPool struct {
	size    int
	busy    int
	waiting []*dbQuery
	queries int
	waitUS  int64 // total time queries waited for a connection
}

type dbQuery struct {
	sql     string
	onDone  sobek.Value
	ctx     *httpReq
	issued  int64
	line    int
	latency int64
	rows    string
}

// dbQuery starts (or queues) a query issued by the program; onDone(rows) runs in the
// poll phase when the answer arrives.
func (r *run) dbQueryStart(sql string, poolSize int, onDone sobek.Value) {
	p := &r.http.db
	if p.size == 0 {
		p.size = poolSize
		if p.size <= 0 {
			p.size = r.dbConfig().PoolSize
		}
		if p.size <= 0 {
			p.size = 10
		}
	}
	line, _ := r.callerPos()
	q := &dbQuery{sql: sql, onDone: onDone, ctx: r.curReq, issued: r.now, line: line}
	q.latency, q.rows = r.dbAnswer(sql)
	p.queries++
	r.step("db-query", firstLine(sql), line, "The query is written to a database connection's socket; waiting for the answer holds no thread.", "Câu query được ghi vào socket của một connection tới database; chờ kết quả không giữ thread nào.", "")
	if p.busy < p.size {
		r.dbRun(q)
		return
	}
	p.waiting = append(p.waiting, q)
}

// dbRun sends q on a free connection; the connection is released when the answer
// arrives, and the next waiting query takes it.
func (r *run) dbRun(q *dbQuery) {
	p := &r.http.db
	p.busy++
	p.waitUS += r.now - q.issued
	done := r.now + q.latency
	r.atTime(done, func() {
		p.busy--
		if len(p.waiting) > 0 {
			next := p.waiting[0]
			p.waiting = p.waiting[1:]
			r.dbRun(next)
		}
	})
	r.addIO(&ioEvent{readyAt: done, label: "database answer: " + firstLine(q.sql), line: q.line, ref: true, kernel: true, ctx: q.ctx, deliver: func() {
		r.invokeCallback("database answer", q.onDone, sobek.Undefined(), []sobek.Value{r.rt.ToValue(q.rows)})
	}})
}

func (r *run) dbConfig() Database {
	if r.sc.Database != nil {
		return *r.sc.Database
	}
	return Database{}
}

// dbAnswer is the latency and rows (JSON) of a query under the scenario.
func (r *run) dbAnswer(sql string) (int64, string) {
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
		return msToUS(d.MinMS + r.http.random().Float64()*(d.MaxMS-d.MinMS)), rows
	case "exponential":
		return msToUS(max(d.MinMS, r.http.random().ExpFloat64()*mean)), rows
	}
	return msToUS(mean), rows
}

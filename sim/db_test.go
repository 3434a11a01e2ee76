package sim

import (
	"reflect"
	"testing"
)

// TestDatabasePools checks that every pool the program makes has its own connections:
// a createConnection's query does not take one of a createPool's ten, queries beyond a
// pool's size wait for one of its connections (the scenario's pool_size when the
// program gives no connectionLimit), and the summary gives the mean and longest wait.
func TestDatabasePools(t *testing.T) {
	src := `const mysql = require('mysql2');
const conn = mysql.createConnection({});
const pool = mysql.createPool({ connectionLimit: 10 });
const small = mysql.createPool({});
const t0 = Date.now();
const log = (name) => () => console.log(name, Date.now() - t0);
conn.query('SELECT 1', log('conn'));
for (const n of [1, 2, 3]) pool.query('SELECT 1', log('pool ' + n));
for (const n of [1, 2, 3]) small.query('SELECT 1', log('small ' + n));
`
	res := runSource(t, src, CommonJS, Scenario{Database: &Database{LatencyMS: 20, PoolSize: 2}})
	want := []string{"conn 20", "pool 1 20", "pool 2 20", "pool 3 20", "small 1 20", "small 2 20", "small 3 40"}
	if got := res.Outcomes[0].Stdout; !reflect.DeepEqual(got, want) {
		t.Errorf("stdout %q, want %q", got, want)
	}
	// The waits are in virtual time, which the program's own JavaScript moves by
	// microseconds (cpucost.go): they are held to 50 us.
	s := res.Summary.Server
	if s == nil || s.DBQueries != 7 || !near(s.DBMaxWaitUS, 20_000, 50) || !near(s.DBMeanWaitUS, 20_000/7, 50) {
		t.Errorf("database summary %+v: want 7 queries, longest wait 20 ms, mean 20/7 ms", s)
	}
}

// near reports whether got is within tol of want.
func near[T int | int64](got, want, tol T) bool { return got >= want-tol && got <= want+tol }

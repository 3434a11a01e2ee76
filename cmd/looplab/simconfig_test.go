package main

import (
	"flag"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/looplab/looplab/quiz"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The simulator's settings come from LOOPLAB_SIM_* and --sim-* (the flag wins); a queue
// is LENGTH/WAIT[/SLOTS]; settings that cannot work are refused.
func TestSimConfigFlags(t *testing.T) {
	env := map[string]string{"LOOPLAB_SIM_SLOTS": "4", "LOOPLAB_SIM_QUEUE_ANONYMOUS": "2/500ms/1",
		"LOOPLAB_SIM_CPU_MS": "900", "LOOPLAB_SIM_MAX_HEAP_MB": "64"}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg, envErr := configFlags(fs, func(k string) string { return env[k] })
	require.NoError(t, fs.Parse([]string{"--sim-queue-learner", "10/2s", "--sim-cpu-ms", "800"}))
	require.NoError(t, *envErr)
	require.NoError(t, cfg.Sim.validate())
	adm := cfg.Sim.admission()
	assert.Equal(t, 4, adm.Slots)
	assert.Equal(t, quiz.Queue{Length: 2, Wait: 500 * time.Millisecond, Slots: 1}, adm.Queues[quiz.WorkAnonymous])
	assert.Equal(t, quiz.Queue{Length: 10, Wait: 2 * time.Second}, adm.Queues[quiz.WorkLearner])
	assert.Equal(t, quiz.DefaultAdmission().Queues[quiz.WorkInstructor], adm.Queues[quiz.WorkInstructor])
	lim := cfg.Sim.simulator().Limits()
	assert.Equal(t, int64(800), lim.CPUMS, "the flag wins over the variable")
	assert.Equal(t, int64(64), lim.MaxHeapMB)

	// The backstop's old variable still sets it.
	old, _ := configFlags(flag.NewFlagSet("serve", flag.ContinueOnError), func(k string) string { return map[string]string{"LOOPLAB_SIM_WALL_MS": "700"}[k] })
	assert.Equal(t, int64(700), old.Sim.simulator().Limits().CPUMS)

	for name, value := range map[string]string{"LOOPLAB_SIM_QUEUE_LEARNER": "ten/1s", "LOOPLAB_SIM_QUEUE_INTERNAL": "5"} {
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		_, envErr := configFlags(fs, func(k string) string { return map[string]string{name: value}[k] })
		assert.Error(t, *envErr, "%s=%s", name, value)
	}
	bad := DefaultSimConfig()
	bad.Queues[quiz.WorkAnonymous] = quiz.Queue{Length: 1, Slots: 3}
	assert.ErrorContains(t, bad.validate(), "anonymous queue")
}

// TestConfigurationTable: every flag of `looplab serve` is a row of the configuration
// table of docs/configuration.md, with the variable that sets it, and every row's flag
// exists.
func TestConfigurationTable(t *testing.T) {
	data, err := os.ReadFile("../../docs/configuration.md")
	require.NoError(t, err)
	rows := map[string]string{}     // flag -> variable
	defaults := map[string]string{} // flag -> the default column
	row := regexp.MustCompile("(?m)^\\| `(LOOPLAB_[A-Z_]+)` \\| (?:`--([a-z-]+)`)? \\| ([^|]*) \\|")
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		if m[2] != "" {
			rows[m[2]] = m[1]
			defaults[m[2]] = strings.Trim(m[3], "`")
		}
	}
	require.Greater(t, len(rows), 30, "the table's rows were found")
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	configFlags(fs, func(string) string { return "" })
	fs.VisitAll(func(f *flag.Flag) {
		variable, ok := rows[f.Name]
		if assert.True(t, ok, "--%s is not in the configuration table of docs/configuration.md", f.Name) {
			assert.Contains(t, f.Usage, variable, "--%s's help names its variable", f.Name)
			if strings.HasPrefix(f.Name, "sim-max") || f.Name == "sim-cpu-ms" {
				assert.Equal(t, f.DefValue, defaults[f.Name], "docs/configuration.md's default of --%s", f.Name)
			}
		}
		delete(rows, f.Name)
	})
	assert.Empty(t, rows, "rows of docs/configuration.md's table whose flag does not exist")
}

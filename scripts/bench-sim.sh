#!/usr/bin/env bash
# Simulator speed and memory, side by side with real Node: the Go benchmarks (allocations
# per run included) and cmd/simbench (median per simulation vs a node process per run).
# Run on a quiet machine; figures go to docs/performance.md and the issue notes.
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./sim -run '^$' -bench 'SeedAllQueues|SingleRun' -benchmem -count 5 | tee /tmp/looplab-sim-bench.txt
go run ./cmd/simbench -n 500 -node-runs 30

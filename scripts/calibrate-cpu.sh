#!/usr/bin/env bash
# Records what the CPU shapes of sim/testdata/cpu cost in real Node 24 on this machine:
# each shape runs RUNS times (default 9) in a fresh process at the highest CPU priority
# the caller may take (the machine is shared), and sim/testdata/cpu/node24.json keeps,
# per shape and per measured field (the main thread's CPU time, process.threadCpuUsage),
# the median and the fastest run, and the result the shape computed. The shapes of
# heldout/ are recorded the same way but not used to calibrate: they check the model on
# programs it was not fitted to. TestCPUCalibration holds the simulator's virtual times to these figures; see
# docs/performance.md's table. Recording is a development step, never a CI one.
#
#   scripts/calibrate-cpu.sh            # every shape
#   RUNS=15 scripts/calibrate-cpu.sh    # more runs
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
dir="$HERE/../sim/testdata/cpu"
node=$("$HERE/oracle/install-node.sh" 24.18.0)
runs=${RUNS:-9}
prio=""
if nice -n -20 true 2>/dev/null; then prio="nice -n -20"; fi
out=$(mktemp)
for f in "$dir"/*.js "$dir"/heldout/*.js; do
  for _ in $(seq "$runs"); do $prio "$node" "$f"; done
done >"$out"
heldout=$(cd "$dir/heldout" && ls *.js | sed 's/\.js$//' | tr '\n' ' ')
python3 - "$out" "$dir/node24.json" "$("$node" --version)" "$runs" "$heldout" <<'PY'
import json, os, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
shapes, checks = {}, {}
for r in rows:
    s = shapes.setdefault(r["shape"], {})
    checks.setdefault(r["shape"], set()).add(json.dumps(r["check"]))
    for k, v in r.items():
        if k.endswith("Ms") or k == "ms":
            s.setdefault(k, []).append(v)
result = {"node_version": sys.argv[3], "runs": int(sys.argv[4]), "load_average": os.getloadavg()[0], "shapes": {}}
for name, fields in sorted(shapes.items()):
    assert len(checks[name]) == 1, f"{name}: its runs computed different results"
    result["shapes"][name] = {k: {"min": round(min(v), 3), "median": round(statistics.median(v), 3)} for k, v in sorted(fields.items())}
    result["shapes"][name]["check"] = json.loads(checks[name].pop())
    if name in sys.argv[5].split():
        result["shapes"][name]["heldout"] = True
json.dump(result, open(sys.argv[2], "w"), indent=1, sort_keys=True)
open(sys.argv[2], "a").write("\n")
PY
rm -f "$out"
echo "wrote $dir/node24.json"

#!/usr/bin/env bash
# Ground-truth oracle runner: executes every case in cases/ N times with the
# REAL node binary and records the set of distinct stdout outputs.
#
# Usage:
#   ./run-node.sh [-n RUNS] [-r RACY_RUNS] [-o OUTDIR] [-c CASEDIR] [PATTERN...]
#     -n RUNS    runs per case (default 30, env RUNS)
#     -r RACY    runs of a case whose first RUNS runs differ (default 100, env RACY_RUNS):
#                an output Node prints in 10% of runs is then missed with odds 3e-5
#     -o OUTDIR  where NNN-name.json files go (required)
#     -c CASEDIR where the case files are (required)
# record.sh runs this for a whole corpus and every Node version.
#     PATTERN    optional substrings; only case files whose name contains one
#                of them are run (e.g. `./run-node.sh 002 3`)
#   env NODE     node binary (default: node on PATH); install any version with
#                NODE=$(scripts/oracle/install-node.sh 24.18.0)
#   env SKIP_EXISTING=1  leaves out the cases OUTDIR already has a recording of (resumes a run)
#   env PRELUDE  file preloaded with --require (default prelude.cjs beside this script;
#                record.sh uses CORPUS/prelude.cjs when the corpus has one)
#   env AGG_NODE node that folds the runs into JSON (default: node on PATH, else NODE;
#                Node 10 lacks Object.fromEntries and friends, so it never aggregates)
#
# Per-case header comments (must be in the first 15 lines of the case file):
#   // @threadpool: N       -> UV_THREADPOOL_SIZE=N (default 4, always set)
#   // @node-flags: FLAGS   -> extra node CLI flags placed before the script
#   // @runs: N             -> override run count for this case
#   // @timeout: SECONDS    -> per-run wall-clock limit (default 10)
#   // @nondeterministic: WHY -> documents an EXPECTED race (copied to JSON)
#
# Every run is: cd cases && env -i PATH=... UV_THREADPOOL_SIZE=N \
#   timeout T node FLAGS --require scripts/oracle/prelude.cjs FILE >stdout 2>stderr
# stdout goes to a regular file (console.log is synchronous for files, pipes
# and TTYs on Linux, so the choice does not change ordering).
# Output JSON (one per case):
#   {"file","module","runs","outputs":[{"lines":[...],"count":N}],
#    "deterministic","exit_code","threadpool_size", ...extras}
# A case is deterministic iff all runs produced identical stdout AND the same
# exit code. Cases are run sequentially (timing races are sensitive to load).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
RUNS=${RUNS:-30}
RACY_RUNS=${RACY_RUNS:-100}
OUTDIR=""
CASES=""
NODE=${NODE:-$(command -v node)}
PRELUDE=${PRELUDE:-$HERE/prelude.cjs}
AGG_NODE=${AGG_NODE:-$(command -v node || echo "$NODE")}
while getopts "n:r:o:c:" opt; do
  case $opt in
    n) RUNS=$OPTARG ;;
    r) RACY_RUNS=$OPTARG ;;
    o) OUTDIR=$OPTARG ;;
    c) CASES=$(cd "$OPTARG" && pwd) ;;
    *) echo "usage: $0 [-n RUNS] [-r RACY_RUNS] [-o OUTDIR] [-c CASEDIR] [PATTERN...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$OUTDIR" ] && [ -n "$CASES" ] || { echo "usage: $0 -c CASEDIR -o OUTDIR [-n RUNS] [-r RACY_RUNS] [PATTERN...]" >&2; exit 2; }
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd) # the summary below require()s the JSON by path
WORK=$(mktemp -d "${TMPDIR:-/tmp}/oracle-run.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

header() { # header FILE KEY -> value or empty
  head -n 15 "$1" | sed -n "s#^// @$2:[[:space:]]*##p" | head -n 1
}

NODE_VERSION=$("$NODE" --version)
echo "node $NODE_VERSION, runs=$RUNS (racy: $RACY_RUNS), out=$OUTDIR, load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
status=0
for f in "$CASES"/*.cjs "$CASES"/*.mjs; do
  [ -e "$f" ] || continue
  base=$(basename "$f")
  if [ $# -gt 0 ]; then
    keep=0
    for p in "$@"; do case "$base" in *"$p"*) keep=1 ;; esac; done
    [ $keep = 1 ] || continue
  fi
  if [ "${SKIP_EXISTING:-}" = 1 ] && [ -s "$OUTDIR/${base%.*}.json" ]; then continue; fi
  tp=$(header "$f" threadpool); tp=${tp:-4}
  flags=$(header "$f" node-flags)
  runs=$(header "$f" runs); runs=${runs:-$RUNS}
  tmo=$(header "$f" timeout); tmo=${tmo:-10}
  why=$(header "$f" nondeterministic)
  d="$WORK/${base%.*}"; rm -rf "$d"; mkdir -p "$d"
  i=0
  run_to() { # run_to N: runs the case until it has run N times
    while [ "$i" -lt "$1" ]; do
      i=$((i + 1))
      # shellcheck disable=SC2086
      ( cd "$CASES" && env -i PATH="$PATH" HOME="${HOME:-/tmp}" \
          UV_THREADPOOL_SIZE="$tp" \
          timeout "$tmo" "$NODE" $flags --require "$PRELUDE" "$base" \
          >"$d/$i.out" 2>"$d/$i.err" </dev/null )
      echo $? >"$d/$i.rc"
    done
  }
  run_to "$runs"
  distinct=$(for j in $(seq 1 "$i"); do cat "$d/$j.out" "$d/$j.rc" | md5sum; done | sort -u | wc -l)
  if [ "$distinct" -gt 1 ] && [ "$i" -lt "$RACY_RUNS" ]; then
    run_to "$RACY_RUNS"
  fi
  runs=$i
  "$AGG_NODE" "$HERE/aggregate.cjs" "$d" "$runs" "$base" "$tp" "$flags" \
    "$NODE_VERSION" "$why" >"$WORK/result.json" || status=1
  # Moved in whole, so a test reading the corpus meanwhile never sees half a file.
  mv "$WORK/result.json" "$OUTDIR/${base%.*}.json"
  "$AGG_NODE" -e '
    const j = require(process.argv[1]);
    const tag = j.deterministic ? "ok   " : "VARY ";
    const counts = j.outputs.map((o) => o.count).join("/");
    console.log(tag + j.file + "  exit=" + JSON.stringify(j.exit_code) +
      (j.deterministic ? "" : "  distinct=" + j.outputs.length + " counts=" + counts));
  ' "$OUTDIR/${base%.*}.json" | tee -a "$WORK/summary"
done
if [ -s "$WORK/summary" ]; then
  echo "---- nondeterministic cases:" >&2
  grep '^VARY' "$WORK/summary" >&2 || echo "(none)" >&2
fi
exit $status

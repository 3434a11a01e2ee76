#!/usr/bin/env bash
# Checks that the repository stands alone (issue 15): a copy of HEAD in an empty
# directory (no ../shared beside it), with no node on PATH and no Chromium, passes
# `go test ./...`. Prints the tests that skipped and why. .ci/run runs it after the main
# test run; it reuses Go's build and module caches, and the browser tests it skips are
# most of the suite's time.
#
#   scripts/check-standalone.sh [go test flags...]    e.g. -run TestOracle
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/looplab-standalone.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# A fresh copy of the committed tree: what a clone holds, nothing the work tree adds.
mkdir "$tmp/looplab"
git -C "$repo" archive HEAD | tar -x -C "$tmp/looplab"

# A PATH of links to every program on today's PATH except the external ones the tests
# can do without (the first of each name wins, as a PATH lookup would).
mkdir "$tmp/bin"
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    name=${f##*/}
    case $name in node | nodejs | npm | npx | corepack | chromium | chromium-browser) continue ;; esac
    [ -x "$f" ] && [ ! -e "$tmp/bin/$name" ] && ln -s "$f" "$tmp/bin/$name"
  done
done
if PATH="$tmp/bin" command -v node >/dev/null; then
  echo "check-standalone: node is still on the reduced PATH" >&2
  exit 1
fi

echo "check-standalone: go test ./... in $tmp/looplab (no ../shared, no node, no Chromium)"
status=0
# A developer's machine: neither LOOPLAB_REQUIRE_EXTERNAL nor CI is set there. The
# PostgreSQL passes of store and cmd/looplab ran in the main test run already.
(cd "$tmp/looplab" && env -u LOOPLAB_REQUIRE_EXTERNAL -u CI PATH="$tmp/bin" LOOPLAB_TEST_ENGINES=sqlite \
  LOOPLAB_CHROMIUM="$tmp/no-chromium" go test -count=1 -v "$@" ./... >"$tmp/test.log" 2>&1) || status=$?
grep -E '^(ok|FAIL|---) |^\s+--- FAIL' "$tmp/test.log" | grep -v -- '--- PASS' || true
echo "check-standalone: skipped tests and why:"
grep -B1 -E -- '--- SKIP' "$tmp/test.log" | grep -vE -- '^--$' | sed 's/^/  /' || echo "  (none)"
if [ $status -ne 0 ]; then
  echo "check-standalone: go test failed in the fresh copy (exit $status); its output:" >&2
  grep -E -- '--- FAIL|_test\.go:[0-9]+: ' "$tmp/test.log" | grep -v 'external program absent' | head -n 200 >&2
  exit $status
fi
echo "check-standalone: passed"

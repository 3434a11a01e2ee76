#!/bin/sh
# Grades the whole exported bank in a real Moodle 5.x (see docs/lti-moodle.md, "Checking
# the export in a real Moodle"): exports it, writes every answer class with looplab's
# credit (the Go test), grades each in Moodle (grades.php), and round-trips the file
# through Moodle's import and export back into the bank (roundtrip.php, then a no-op
# import). Usage: MOODLE_DIR=/path/to/moodle scripts/moodle/check.sh [WORKDIR]
set -eu
: "${MOODLE_DIR:?set MOODLE_DIR to the Moodle root that holds config.php}"
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
cd "$repo"
go build -o "$work/looplab" ./cmd/looplab
mkdir -p "$work/graded"
LOOPLAB_MOODLE_CASES="$work/graded" go test -count=1 ./export -run 'TestExportsGradeAsLooplab$'
php -d memory_limit=4096M scripts/moodle/grades.php "$work/graded/bank.xml" "$work/graded/cases.jsonl"
"$work/looplab" content export --format moodle > "$work/bank.xml"
php -d memory_limit=4096M scripts/moodle/roundtrip.php "$work/bank.xml" "$work/moodle.xml"
cp -r content/bank "$work/bank"
"$work/looplab" content --content "$work/bank" import "$work/bank.xml"
"$work/looplab" content --content "$work/bank" import "$work/moodle.xml"

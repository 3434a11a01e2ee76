#!/usr/bin/env bash
# Vendors Redoc's standalone bundle (npm: redoc, MIT) into web/reference/, where the binary
# embeds it for the API reference page (/docs/api): served from the server itself, nothing
# fetched from the internet. Run it to move to another release; the version is pinned here.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=2.5.4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "redoc@$version" >/dev/null && tar xzf "redoc-$version.tgz")
# Two changes, so the page asks nothing of another origin: the "API docs by Redocly"
# link's logo, from Redocly's CDN, becomes an empty inline image (the link and its words
# stay), and the source map, which is not vendored, is not named. The bundle is kept
# gzipped (1 MB -> 320 KB); the server serves redoc.standalone.js.gz as redoc.standalone.js.
sed -e 's|https://cdn.redoc.ly/redoc/logo-mini.svg|data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E|' \
  -e '/^\/\/# sourceMappingURL=/d' "$tmp/package/bundles/redoc.standalone.js" | gzip -9 -n > web/reference/redoc.standalone.js.gz
cp "$tmp/package/bundles/redoc.standalone.js.LICENSE.txt" web/reference/redoc.standalone.js.LICENSE.txt
cp "$tmp/package/LICENSE" web/reference/LICENSE.redoc.txt
echo "redoc@$version $(sha256sum "$tmp/package/bundles/redoc.standalone.js" | cut -d' ' -f1) (as published; scripts/reference/vendor-redoc.sh says what it changes)" > web/reference/VERSION
cat web/reference/VERSION

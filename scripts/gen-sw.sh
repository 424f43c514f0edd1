#!/bin/sh
# Trunk post_build hook: write sw.js into the staging dist directory.
#
# The precache list is every file of this build (app and worker wasm/js,
# css, manifest, icons, index.html), as URLs relative to the service
# worker's scope, so the app works from any sub-path. The cache name is a
# hash of all their contents: any change gives a new cache and the old one
# is deleted on activation. Plain POSIX sh + coreutils, so a fresh machine
# needs nothing extra.
set -eu

dir="${TRUNK_STAGING_DIR:-${1:-dist}}"
profile="${TRUNK_PROFILE:-release}"
here="$(cd "$(dirname "$0")" && pwd)"
template="$here/sw-template.js"

[ -d "$dir" ] || { echo "gen-sw: no such directory: $dir" >&2; exit 1; }

cd "$dir"
files="$(find . -type f ! -name sw.js ! -name '*.map' ! -name '*.d.ts' | sed 's|^\./||' | LC_ALL=C sort)"
[ -n "$files" ] || { echo "gen-sw: $dir is empty" >&2; exit 1; }

# (The loading screen's byte total is set by index.html's loader, which
# scripts/build-app.mjs writes: it knows which chunks the route needs.)

# The Content-Security-Policy's script hashes (Trunk's inline loader changes
# with every build), also before the digest.
if [ -f index.html ]; then
  node "$here/csp.mjs" index.html
fi

# Content hash of the whole build (names and bytes).
digest="$(for f in $files; do printf '%s ' "$f"; sha256sum "$f" | cut -d' ' -f1; done | sha256sum | cut -c1-16)"

# JSON array of relative URLs; "./" stands for index.html too.
list="\"./\""
for f in $files; do
  list="$list, \"./$f\""
done

network_first=false
[ "$profile" = "release" ] || network_first=true

sed -e "s|__CACHE_NAME__|tessera-$digest|" \
    -e "s|__PRECACHE__|[$list]|" \
    -e "s|__NETWORK_FIRST__|$network_first|" \
    "$template" > sw.js

count=$(printf '%s\n' "$files" | wc -l | tr -d ' ')
echo "gen-sw: sw.js precaches $count files + ./ as tessera-$digest ($profile)"

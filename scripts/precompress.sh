#!/bin/sh
# `make dist`, after trunk: write precompressed siblings of every text and
# wasm asset, `F.gz` (gzip -9) and `F.br` (brotli -q 11, when Debian's
# `brotli` is installed), so a static host that serves precompressed files
# (nginx `gzip_static on;` / `brotli_static on;`, Caddy `file_server {
# precompressed br gzip }`) sends them without compressing per request.
# The originals stay: hosts without that feature serve them as before.
# Prints each asset's size, gzip and brotli sizes, and the totals.
set -eu
dir="${1:-dist}"
[ -d "$dir" ] || { echo "precompress: no such directory: $dir" >&2; exit 1; }
have_br=false
command -v brotli >/dev/null 2>&1 && have_br=true
total=0; total_gz=0; total_br=0
for f in $(find "$dir" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' \
    -o -name '*.svg' -o -name '*.webmanifest' -o -name '*.json' -o -name '*.txt' \) | LC_ALL=C sort); do
  gzip -9 -n -c "$f" > "$f.gz"
  size=$(wc -c < "$f"); gz=$(wc -c < "$f.gz"); br=-
  if $have_br; then brotli -q 11 -f -o "$f.br" "$f"; br=$(wc -c < "$f.br"); total_br=$((total_br + br)); fi
  total=$((total + size)); total_gz=$((total_gz + gz))
  printf 'precompress: %-44s %9d B  gzip %8d B  br %8s B\n' "${f#"$dir"/}" "$size" "$gz" "$br"
done
if $have_br; then
  printf 'precompress: total %d B, gzip %d B, brotli %d B\n' "$total" "$total_gz" "$total_br"
else
  printf 'precompress: total %d B, gzip %d B (no brotli: apt-get install brotli)\n' "$total" "$total_gz"
fi

#!/usr/bin/env bash
# Whole-process figures for `make bench`: wall time and peak memory of
# `harn-catalog schema` and of a plain serde_json parse+serialise of the same
# generated registry, best of five runs each, side by side; then a generated
# 50,000-line .harn module.
set -euo pipefail
bin=target/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

best() { # best wall time (s) and its peak RSS (KB) of five runs of "$@"
  local best_t=999 best_m=0
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null
    read -r t m <"$work/time"
    if awk "BEGIN{exit !($t < $best_t)}"; then best_t=$t; best_m=$m; fi
  done
  echo "$best_t $best_m"
}

printf '%-8s %-34s %8s %10s\n' tools command seconds "peak MB"
for tools in 1000 10000; do
  "$bin/examples/generate_registry" "$tools" >"$work/registry.json"
  read -r ht hm < <(best "$bin/harn-catalog" schema "$work/registry.json" -o "$work/catalog.json")
  read -r st sm < <(best "$bin/examples/serde_baseline" "$work/registry.json" "$work/baseline.json")
  printf '%-8s %-34s %8s %10d\n' "$tools" "harn-catalog schema" "$ht" $((hm / 1024))
  printf '%-8s %-34s %8s %10d\n' "$tools" "serde_json parse+serialise" "$st" $((sm / 1024))
  awk -v h="$ht" -v s="$st" -v n="$tools" 'BEGIN{printf "%-8s ratio harn-catalog / serde_json: %.2fx\n", n, h / s}'
done
"$bin/examples/generate_harn" 50000 >"$work/module.harn"
read -r mt mm < <(best "$bin/harn-catalog" schema "$work/module.harn" -o "$work/module.json")
printf '%-8s %-34s %8s %10d\n' "50k-line" "harn-catalog schema module.harn" "$mt" $((mm / 1024))

#!/usr/bin/env bash
# Whole-process figures for `make bench`. `harn-catalog schema` of a generated
# registry against a plain serde_json parse+serialise of the same file, run in
# alternating pairs so that a change in machine load falls on both sides alike:
# medians of wall time, CPU time (user + system) and peak memory, and their ratios
# side by side; 1,000 and 10,000 tools of the default shape, then 10,000 of each other
# shape. Then a generated 50,000-line .harn module, 200,000 definitions of
# one tool on one line (a warning each, all located on that line), and `diff` of two
# catalogs of 1,000 and 10,000 tools with one tool in a hundred changed (its time
# should grow linearly with the catalogs' size), and the discovery index and a search
# of the 10,000-tool registry. Then the TypeScript SDK of the
# GitHub MCP server's tools beside json-schema-to-typescript, and its Python SDK beside
# datamodel-code-generator. Last, the binary's size as built and stripped.
#
# BENCH_RUNS sets the number of pairs (default 7), BENCH_BATCH the runs in each
# figure beside the baseline (default 5). The load average is printed first and
# last: wall-time ratios are only as steady as the machine.
set -euo pipefail
# Where cargo built them (`make bench` builds with CARGO_TARGET_DIR when it is set).
bin=${CARGO_TARGET_DIR:-target}/release
runs=${BENCH_RUNS:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One run of "$@": appends "wall cpu peak_kb" to the file named by $1.
measure() {
  local into=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || {
    echo "failed: $*" >&2
    tail -n 5 "$work/stderr" >&2
    exit 1
  }
  # time(1) puts a status line first when the command fails; the figures are last.
  tail -n 1 "$work/time" | awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' >>"$into"
}

# The median of column $2 of file $1.
median() {
  sort -g -k "$2,$2" "$1" | awk -v c="$2" '{v[NR] = $c} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

row() { # label, command, file of figures
  printf '%-8s %-30s %8s %8s %8d\n' "$1" "$2" "$(median "$3" 1)" "$(median "$3" 2)" $(($(median "$3" 3) / 1024))
}

# time(1) counts hundredths of a second, too coarse for one short run: a figure is
# then a batch of runs in a row, its wall and CPU time divided by the batch's size,
# its peak memory its largest run's. Beside the baseline, a batch is BENCH_BATCH runs
# (default 5), as a 10,000-tool run takes about a tenth of a second.
batch=${BENCH_BATCH:-5}
# One batch of $1 runs of "$@" (from $3 on): appends "wall cpu peak_kb" per run to
# the file named by $2.
measure_batch() {
  local size=$1 into=$2
  shift 2
  : >"$work/batch"
  measure "$work/batch" sh -c 'n=$1; shift; for _ in $(seq "$n"); do "$@" || exit 1; done' sh "$size" "$@"
  awk -v n="$size" '{printf "%.4f %.4f %s\n", $1 / n, $2 / n, $3}' "$work/batch" >>"$into"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $runs alternating pairs, medians"
printf '%-8s %-30s %8s %8s %8s\n' input command "wall s" "CPU s" "peak MB"
# `schema` of the registry `generate_registry` prints for its arguments ($2…), beside
# the serde_json baseline on the same file, in pairs; rows labelled $1.
beside_baseline() {
  label=$1
  shift
  "$bin/examples/generate_registry" "$@" >"$work/registry.json"
  : >"$work/harn" && : >"$work/serde"
  for _ in $(seq "$runs"); do
    measure_batch "$batch" "$work/harn" "$bin/harn-catalog" schema "$work/registry.json" -o "$work/catalog.json"
    measure_batch "$batch" "$work/serde" "$bin/examples/serde_baseline" "$work/registry.json" "$work/baseline.json"
  done
  row "$label" "harn-catalog schema" "$work/harn"
  row "$label" "serde_json parse+serialise" "$work/serde"
  # Ratios of the medians, and the median of the per-pair ratios (steadier under load).
  paste -d' ' "$work/harn" "$work/serde" | awk '{print $1 / $4, $2 / ($5 > 0 ? $5 : 0.01), $3 / $6}' >"$work/pairs"
  printf '%-8s %-30s %7.2fx %7.2fx %7.2fx\n' "$label" "ratio (median of pairs)" \
    "$(median "$work/pairs" 1)" "$(median "$work/pairs" 2)" "$(median "$work/pairs" 3)"
}
for tools in 1000 10000; do beside_baseline "$tools" "$tools"; done
# 10,000 tools of each other shape (generate::SHAPES): component graphs (none, flat,
# chained, diamond), the mixed registry (legacy maps, returns, errors, command groups,
# policies, _meta over a chain) and deep nesting.
for shape in none flat chained diamond mixed deep; do beside_baseline "$shape" 10000 "shape=$shape"; done

"$bin/examples/generate_harn" 50000 >"$work/module.harn"
: >"$work/module"
for _ in $(seq 3); do measure "$work/module" "$bin/harn-catalog" schema "$work/module.harn" -o "$work/module.json"; done
row "50k-line" "schema module.harn" "$work/module"

"$bin/examples/generate_registry" 200000 same-name >"$work/same.json"
: >"$work/same"
for _ in $(seq 3); do measure "$work/same" "$bin/harn-catalog" schema "$work/same.json" -o "$work/same-catalog.json"; done
row "200k" "one tool defined 200,000 times" "$work/same"
tail -n 3 "$work/stderr" | sed 's/^/         /'

for tools in 1000 10000; do
  "$bin/examples/generate_registry" "$tools" >"$work/old.json"
  "$bin/examples/generate_registry" "$tools" changed >"$work/new.json"
  "$bin/harn-catalog" schema "$work/old.json" -o "$work/old.catalog.json"
  "$bin/harn-catalog" schema "$work/new.json" -o "$work/new.catalog.json"
  : >"$work/diff"
  # diff exits 1: the changes include breaking ones.
  for _ in $(seq "$runs"); do
    measure "$work/diff" sh -c "\"\$0\" diff --format json \"\$1\" \"\$2\" >\"\$3\"; [ \$? -le 1 ]" \
      "$bin/harn-catalog" "$work/old.catalog.json" "$work/new.catalog.json" "$work/changes"
  done
  row "$tools" "diff of catalogs, 1% changed" "$work/diff"
done
echo "         $(wc -l <"$work/changes") changes between the 10,000-tool catalogs"

# The discovery index of the 10,000-tool registry (target: under 1 s), then searches of
# the index it wrote, as a runtime searches its snapshot (target: under 20 ms), for a
# query every tool matches (all 10,000 scored and sorted). A search is timed in
# batches of 20 processes.
"$bin/examples/generate_registry" 10000 >"$work/registry.json"
: >"$work/index" && : >"$work/search"
for _ in $(seq "$runs"); do
  measure "$work/index" "$bin/harn-catalog" index "$work/registry.json" -o "$work/index.json"
  measure_batch 20 "$work/search" "$bin/harn-catalog" search "$work/index.json" "tool 42 nested inputs" --format json
done
row "10000" "index (target < 1 s)" "$work/index"
row "10000" "search index.json (< 0.02 s)" "$work/search"

# The TypeScript SDK of the GitHub MCP server's 117 tools against json-schema-to-
# typescript (installed by `make tools`) writing the input types alone, unformatted.
# Both need the team's corpus beside the repository (../shared, or HARN_CATALOG_SHARED).
corpus="${HARN_CATALOG_SHARED:-../shared}/corpus/github-mcp-server-toolsnaps"
# One registry of the corpus's tools ($work/github.json), and each tool's input schema
# in a file of its own ($work/inputs/), made once for both SDK comparisons.
corpus_inputs() {
  [ -f "$work/github.json" ] && return
  mkdir -p "$work/inputs"
  python3 - "$corpus" "$work" <<'PY'
import glob, json, os, sys
corpus, work = sys.argv[1:]
tools = []
for path in sorted(glob.glob(os.path.join(corpus, "*.json"))):
    tool = json.load(open(path))
    tools.append({k: tool[k] for k in ("name", "description", "inputSchema", "annotations") if k in tool})
    json.dump(tool["inputSchema"], open(os.path.join(work, "inputs", os.path.basename(path)), "w"))
json.dump({"info": {"name": "github"}, "tools": tools}, open(os.path.join(work, "github.json"), "w"))
PY
}
# One SDK of the corpus's tools beside a peer generator, in alternating pairs, then its
# rows and the speed-up: $1 the SDK's language, $2 the peer's row label, then the peer's
# command, run in a fresh empty folder $work/$1-peer. Each figure of the SDK is a
# batch of 20 whole processes (see measure_batch).
sdk_beside() {
  lang=$1 label=$2
  shift 2
  corpus_inputs
  : >"$work/$lang-times" && : >"$work/$lang-peer-times"
  for _ in $(seq "$runs"); do
    measure_batch 20 "$work/$lang-times" "$bin/harn-catalog" sdk --lang "$lang" "$work/github.json" -o "$work/$lang-sdk"
    rm -rf "$work/$lang-peer" && mkdir -p "$work/$lang-peer"
    measure "$work/$lang-peer-times" "$@"
  done
  row "117" "sdk --lang $lang" "$work/$lang-times"
  row "117" "$label" "$work/$lang-peer-times"
  paste -d' ' "$work/$lang-peer-times" "$work/$lang-times" | awk '{print $1 / ($4 > 0 ? $4 : 0.0001)}' >"$work/pairs"
  printf '%-8s %-30s %7.0fx\n' "117" "speed-up (wall, median of pairs)" "$(median "$work/pairs" 1)"
}

json2ts=.tools/node/node_modules/.bin/json2ts
if [ ! -d "$corpus" ] || [ ! -x "$json2ts" ]; then
  echo "SKIPPED the SDK rows: $corpus or $json2ts is missing (run make tools; put shared/ beside the repository)" >&2
else
  sdk_beside typescript "json2ts, input types only" "$json2ts" -i "$work/inputs/*.json" -o "$work/typescript-peer" --no-format
fi

# The Python SDK of the same tools against datamodel-code-generator (installed by `make
# tools`) writing pydantic v2 models of the input schemas alone, with its own fast
# formatter (`builtin`, not black and isort).
datamodel=.tools/venv/bin/datamodel-codegen
if [ ! -d "$corpus" ] || [ ! -x "$datamodel" ]; then
  echo "SKIPPED the Python SDK rows: $corpus or $datamodel is missing (run make tools; put shared/ beside the repository)" >&2
else
  sdk_beside python "datamodel-codegen, inputs only" "$datamodel" --input "$work/inputs" --input-file-type jsonschema \
    --output "$work/python-peer" --output-model-type pydantic_v2.BaseModel --formatters builtin --disable-warnings
fi

# The size of the binary: as cargo builds it (release, with line tables for
# backtraces) and stripped, as the wheel users download carries it (pyproject.toml).
if ! command -v strip >/dev/null; then
  echo "SKIPPED the stripped size: strip (binutils) is not installed" >&2
else
  strip -o "$work/stripped" "$bin/harn-catalog"
  mb() { awk -v b="$(wc -c <"$1")" 'BEGIN {printf "%.1f", b / 1048576}'; }
  printf '%-8s %-30s %8s MB\n' binary "release build, line tables" "$(mb "$bin/harn-catalog")"
  printf '%-8s %-30s %8s MB\n' binary "stripped, as in the wheel" "$(mb "$work/stripped")"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# make fuzz: builds the fuzz targets with cargo-afl, collects their seeds from the
# fixtures, runs each target under AFL++ for FUZZ_SECONDS, one after the other, and
# prints per target the executions, executions per second, crashes and hangs.
#
# Run from the repository's root. Settings, from the environment:
#   FUZZ_SECONDS     how long each target runs (default 60)
#   FUZZ_EXECS       instead, how many executions each target runs (about: AFL++'s -E)
#   FUZZ_TARGETS     which targets, separated by spaces (default: all)
#   FUZZ_TIMEOUT_MS  an input running longer is a hang (default 1000)
#   FUZZ_OUT         corpora, findings and logs (default target/fuzz)
#   FUZZ_BUILD       the build's target folder (default: $CARGO_TARGET_DIR/afl, else target/afl)
#   CARGO_AFL        the cargo-afl binary (default .tools/cargo-afl/bin/cargo-afl)
#   XDG_DATA_HOME    where cargo-afl keeps the AFL++ it built (default .tools/afl-data)
#
# A run resumes from the corpus the previous one left in FUZZ_OUT/<target>/out (AFL++'s
# AFL_AUTORESUME); delete that folder to start again from the seeds. It exits 1 when a
# target has a crash or a hang in its findings.
set -euo pipefail

root=$(pwd)
seconds=${FUZZ_SECONDS:-60}
execs_wanted=${FUZZ_EXECS:-}
timeout_ms=${FUZZ_TIMEOUT_MS:-1000}
out=${FUZZ_OUT:-target/fuzz}
build=${FUZZ_BUILD:-${CARGO_TARGET_DIR:-target}/afl}
cargo_afl=${CARGO_AFL:-$root/.tools/cargo-afl/bin/cargo-afl}
export XDG_DATA_HOME=${XDG_DATA_HOME:-$root/.tools/afl-data}
case $out in /*) ;; *) out=$root/$out ;; esac
case $build in /*) ;; *) build=$root/$build ;; esac

if [ ! -x "$cargo_afl" ]; then
    echo "make fuzz: $cargo_afl is missing (make fuzz-tools installs it)" >&2
    exit 2
fi

# cargo-afl finds cargo through CARGO, as cargo sets it for its subcommands.
export CARGO=${CARGO:-$(command -v cargo)}
echo "=== Building the fuzz targets (cargo afl build --release) ==="
"$cargo_afl" afl build --release --locked --quiet --manifest-path fuzz/Cargo.toml --target-dir "$build"
bin=$build/release

echo "=== Collecting the seeds into $out/seeds ==="
collected=$("$bin/collect_seeds" "$root" "$out/seeds")
echo "$collected"
all=$(awk '{print $1}' <<< "$collected")
targets=${FUZZ_TARGETS:-$all}

# Each input runs alone on one thread: rayon's pool would make coverage depend on
# scheduling, and the machine's other core is someone else's.
export RAYON_NUM_THREADS=1
# Plain output for a log; no core pinning or CPU governor checks on a shared machine;
# crashes are seen through the fork server, whatever the kernel's core_pattern says.
export AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_AUTORESUME=1

dict_of() {
    case $1 in
        declaration_* | catalog | import_* | diff) echo fuzz/dict/declaration.dict ;;
        harn_*) echo fuzz/dict/harn.dict ;;
        harness) echo fuzz/dict/harness.dict ;;
        skill) echo fuzz/dict/skill.dict ;;
        config) echo fuzz/dict/config.dict ;;
    esac
}

stat_of() { # FILE KEY: a value of AFL++'s fuzzer_stats
    awk -F' *: *' -v key="$2" '$1 == key {print $2}' "$1" 2>/dev/null || true
}

count_in() { # DIR: the findings in a crashes/ or hangs/ folder (not its README)
    find "$1" -maxdepth 1 -type f -name 'id:*' 2>/dev/null | wc -l
}

failed=0
report=$(printf '%-18s %12s %10s %14s %8s %6s\n' target executions execs/s 'total execs' crashes hangs)
for target in $targets; do
    stats=$out/$target/out/default/fuzzer_stats
    before=$(stat_of "$stats" execs_done)
    mkdir -p "$out/$target/work"
    if [ -n "$execs_wanted" ]; then
        bound=(-E "$execs_wanted") && echo "=== Fuzzing $target for $execs_wanted executions (log: $out/$target/afl.log) ==="
    else
        bound=(-V "$seconds") && echo "=== Fuzzing $target for ${seconds}s (log: $out/$target/afl.log) ==="
    fi
    status=0
    started=$(date +%s)
    HARN_FUZZ_WORK=$out/$target/work "$cargo_afl" afl fuzz "${bound[@]}" -t "$timeout_ms+" \
        -x "$(dict_of "$target")" -i "$out/seeds/$target" -o "$out/$target/out" \
        "$bin/$target" > "$out/$target/afl.log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        echo "afl-fuzz failed on $target (exit $status); the end of its log:" >&2
        tail -n 20 "$out/$target/afl.log" >&2
        failed=1
        continue
    fi
    elapsed=$(($(date +%s) - started))
    total=$(stat_of "$stats" execs_done)
    execs=$((total - ${before:-0}))
    # AFL++ skips a seed that crashes or hangs with a warning and records nothing:
    # counted here as findings too.
    crashes=$(($(count_in "$out/$target/out/default/crashes") + $(grep -c 'results in a crash' "$out/$target/afl.log" || true)))
    hangs=$(($(count_in "$out/$target/out/default/hangs") + $(grep -c 'results in a timeout' "$out/$target/afl.log" || true)))
    # Per second of this run, start-up and the seeds' calibration included.
    rate=$(awk -v n="$execs" -v s="$elapsed" 'BEGIN {printf "%.0f", n / (s > 0 ? s : 1)}')
    report+=$'\n'$(printf '%-18s %12s %10s %14s %8s %6s' "$target" "$execs" "$rate" "$total" "$crashes" "$hangs")
    if [ "$crashes" -gt 0 ] || [ "$hangs" -gt 0 ]; then
        failed=1
    fi
done

echo
echo "$report"
if [ "$failed" -ne 0 ]; then
    echo
    echo "Findings are in $out/<target>/out/default/{crashes,hangs}/, and seeds that crash"
    echo "or hang are named in $out/<target>/afl.log. Replay one with"
    echo "  $bin/<target> < FILE"
    echo "and keep it as a regression: copy it to fuzz/regressions/<target>/ (cargo test"
    echo "--test it fuzz_regressions replays it), then fix what it shows."
    exit 1
fi

#!/bin/sh
# Compiles every `.harn` file of a checkout of upstream Harn (burin-labs/harn) on both
# surfaces and counts the outcomes, to measure how closely harn-catalog's parser
# follows upstream's:
#
#   tools/upstream-corpus.sh UPSTREAM_CHECKOUT [BINARY]     (or: make upstream-corpus UPSTREAM=…)
#
# BINARY defaults to target/release/harn-catalog. The upstream commit printed is the
# checkout's HEAD, or UPSTREAM_COMMIT for a tree exported without its .git folder.
# Each file is compiled with `harn-catalog schema FILE --surface exports|script
# --format json --allow-outside-project` (an exported tree is no git work tree, so its
# relative imports would otherwise leave the project), at most 10 seconds a run, and
# counted as:
#
#   catalog           exit 0;
#   contract refusal  exit 1 without `harn-syntax`: the module parsed, and its registry
#                     was refused (on the script surface, mostly for having no entry
#                     that publishes one);
#   syntax refusal    exit 1 with `harn-syntax`;
#   crash             any other exit status (a panic, a signal, a read failure);
#   timeout           still running after 10 seconds.
#
# Which files upstream refuses to parse: upstream marks a conformance test that must
# fail with a sidecar `NAME.error` beside `NAME.harn`, holding a fragment of the
# expected message (its conformance runner, burin-labs/harn,
# crates/harn-cli/src/commands/test.rs, e45362cf, checks that running the file fails
# with that text; its tree-sitter sweep, scripts/verify_tree_sitter_parse.py, skips
# those files). Most such failures are type or runtime errors; a file counts as one
# upstream refuses *to parse* when its sidecar is a fragment of a message of
# upstream's lexer or parser (burin-labs/harn, crates/harn-lexer/src/lexer.rs and
# crates/harn-parser/src/parser/error.rs, e45362cf): "Unexpected character …",
# "Unterminated …", "Unexpected end of file, expected …", "Expected …[, got …]" (or a
# piece of it: "expected … separator …", "got …"), or the parser's own "Required
# parameter cannot follow …". Every other `.harn` file is one upstream parses.
#
# The figures printed must have zero syntax refusals of files upstream parses, zero
# crashes and timeouts, and zero files upstream refuses that we parse; the exit status
# is 1 when they do not (the offending files are listed), else 0.
set -u

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
    echo "usage: $0 UPSTREAM_CHECKOUT [BINARY]" >&2
    exit 2
fi
root=$1
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${2:-$here/target/release/harn-catalog}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
if [ ! -x "$bin" ]; then
    echo "$0: no harn-catalog binary at $bin (build it with cargo build --release)" >&2
    exit 2
fi

# The sidecar of a file whose expected failure is a lexer or parser message.
parse_failure_re='^(Unexpected character|Unterminated |Unexpected end of file, expected |Expected |expected [a-z ]*separator|got |Required parameter cannot follow)'

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
err=$tmp/stderr

cd "$root" || exit 2
commit=$(git rev-parse HEAD 2>/dev/null || echo "${UPSTREAM_COMMIT:-unknown (not a git work tree; set UPSTREAM_COMMIT)}")
find . -name '*.harn' -type f | sed 's|^\./||' | LC_ALL=C sort >"$tmp/files"

for surface in exports script; do
    : >"$tmp/$surface.list"
    : >"$tmp/$surface.syntax"
done
: >"$tmp/refused-upstream"

while IFS= read -r file; do
    sidecar=${file%.harn}.error
    upstream=parses
    if [ -f "$sidecar" ] && head -n 1 "$sidecar" | grep -Eq "$parse_failure_re"; then
        upstream=refuses
        echo "$file" >>"$tmp/refused-upstream"
    fi
    for surface in exports script; do
        timeout 10 "$bin" schema "$file" --surface "$surface" --format json --allow-outside-project \
            >/dev/null 2>"$err"
        status=$?
        case $status in
            0) outcome=catalog ;;
            1) if grep -q '"code":"harn-syntax"' "$err"; then outcome=syntax; else outcome=contract; fi ;;
            124) outcome=timeout ;;
            *) outcome=crash ;;
        esac
        printf '%s %s %s %s\n' "$outcome" "$upstream" "$status" "$file" >>"$tmp/$surface.list"
        if [ "$outcome" = syntax ]; then
            sed -n 's/.*"code":"harn-syntax".*"message":"\(.*\)","file":.*"line":\([0-9]*\),"column":\([0-9]*\).*/\2:\3: \1/p' "$err" |
                head -n 1 | sed "s|^|$file:|" >>"$tmp/$surface.syntax"
        fi
    done
done <"$tmp/files"

count() { grep -c "$1" "$2" || true; }
bad=0
echo "upstream checkout: $root"
echo "upstream commit:   $commit"
echo "binary:            $bin"
echo "files:             $(wc -l <"$tmp/files") .harn files, $(wc -l <"$tmp/refused-upstream") of which upstream refuses to parse"
for surface in exports script; do
    list=$tmp/$surface.list
    syntax_bad=$(count '^syntax parses ' "$list")
    accepted_bad=$(count '^[a-z]* refuses ' "$list")
    accepted_bad=$((accepted_bad - $(count '^syntax refuses ' "$list")))
    crashes=$(count '^crash ' "$list")
    timeouts=$(count '^timeout ' "$list")
    echo
    echo "--surface $surface"
    echo "  catalogs:                                    $(count '^catalog ' "$list")"
    echo "  contract refusals:                           $(count '^contract ' "$list")"
    echo "  syntax refusals of files upstream refuses:   $(count '^syntax refuses ' "$list")"
    echo "  syntax refusals of files upstream parses:    $syntax_bad (must be 0)"
    echo "  files upstream refuses that we parse:        $accepted_bad (must be 0)"
    echo "  crashes:                                     $crashes (must be 0)"
    echo "  timeouts:                                    $timeouts (must be 0)"
    grep -E '^(syntax parses|crash|timeout|catalog refuses|contract refuses) ' "$list" |
        while read -r outcome upstream status file; do
            case $outcome in
                syntax) echo "    syntax refusal: $(grep -F "$file:" "$tmp/$surface.syntax" | head -n 1)" ;;
                *) echo "    $outcome (exit $status, upstream $upstream): $file" ;;
            esac
        done
    if [ $((syntax_bad + accepted_bad + crashes + timeouts)) -gt 0 ]; then
        bad=1
    fi
done
exit $bad

#!/bin/sh
# Checks that Cargo.toml's `rust-version` is true: `cargo check` of the library and the
# binary with exactly that rustc. rustup cannot fetch other toolchains here, so the
# compiler is Debian's `rustc-web` of that version, downloaded with `apt-get download`
# and unpacked into .tools/rust-<version> (no root needed once apt's lists exist).
# Where it cannot be had, the check is skipped loudly; under CI that is a failure.
set -eu
cd "$(dirname "$0")/.."

version=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml)
case "$version" in *.*.*) ;; *) version="$version.0" ;; esac
dir="$PWD/.tools/rust-$version"

skip() {
    if [ -n "${CI:-}" ]; then
        echo "msrv: $1 (CI must run this check)" >&2
        exit 1
    fi
    echo "SKIPPED msrv: $1; the rust-version $version in Cargo.toml is unchecked" >&2
    exit 0
}

if [ ! -f "$dir/.installed" ]; then
    debian_version() { apt-cache madison rustc-web 2>/dev/null | awk -v v="$version+" '$3 ~ "^" v { print $3; exit }'; }
    found=$(debian_version)
    if [ -z "$found" ] && [ "$(id -u)" = 0 ]; then
        apt-get update -qq >/dev/null 2>&1 || true
        found=$(debian_version)
    fi
    [ -n "$found" ] || skip "Debian has no rustc-web $version in apt's lists (run apt-get update, or check on a machine that has it)"
    minor=$(echo "$version" | cut -d. -f1,2)
    llvm=$(apt-cache show "libstd-rust-web-$minor=$found" 2>/dev/null | sed -n 's/^Depends:.*\(libllvm[0-9][0-9]*\).*/\1/p' | head -n 1)
    debs=$(mktemp -d)
    trap 'rm -rf "$debs"' EXIT
    (cd "$debs" && apt-get download -q "rustc-web=$found" "libstd-rust-web-dev=$found" \
        "libstd-rust-web-$minor=$found" ${llvm:+"$llvm"} >/dev/null 2>&1) ||
        skip "apt-get download of rustc-web $found failed"
    rm -rf "$dir"
    for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$dir"; done
    touch "$dir/.installed"
fi

libs=$(ls -d "$dir"/usr/lib/*-linux-gnu* | head -n 1)
echo "msrv: cargo check with $(LD_LIBRARY_PATH="$libs" "$dir/usr/bin/rustc" --version)"
# No standard input: cargo probes this rustc with `rustc -`, which would read it.
LD_LIBRARY_PATH="$libs" RUSTC="$dir/usr/bin/rustc" cargo check --locked --quiet --lib --bins --target-dir target/msrv </dev/null

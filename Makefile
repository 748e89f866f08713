# harn-catalog: `make demo` compiles the bundled example, `make test` runs every check.
# Both install what they need into .tools/ (git-ignored): Python and npm packages, the
# compiler of Cargo.toml's rust-version (tools/msrv.sh); and, as root, the zsh and fish
# shells from Debian when they are missing (for the completion tests). Nothing needs
# root: what cannot be installed is reported and its check skipped loudly.

CARGO ?= cargo
TOOLS := .tools
VENV := $(TOOLS)/venv
PYTHON := $(VENV)/bin/python

.PHONY: demo test tools lint doc msrv unit wheel bench fuzz fuzz-tools docs portability-table gen-protocol-artifacts check-protocol-artifacts clean-tools upstream-corpus

demo:
	$(CARGO) build --release --quiet
	./target/release/harn-catalog schema fixtures/widgets/registry.json --pretty

# The independent consumers the tests use, in a git-ignored folder: Python
# jsonschema (catalogs against the envelope schemas) and TypeScript's tsc.
tools: $(VENV)/.installed $(TOOLS)/node/.installed $(TOOLS)/shells.installed $(TOOLS)/rmcp.fetched

$(VENV)/.installed: tools/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r tools/requirements.txt
	touch $@

$(TOOLS)/node/.installed: tools/package.json tools/package-lock.json
	mkdir -p $(TOOLS)/node
	cp tools/package.json tools/package-lock.json $(TOOLS)/node/
	cd $(TOOLS)/node && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The crates of the test server on the official Rust MCP SDK (tests/rmcp_server), at
# its own lock's versions: the test builds it offline.
$(TOOLS)/rmcp.fetched: tests/rmcp_server/Cargo.toml tests/rmcp_server/Cargo.lock
	mkdir -p $(TOOLS)
	$(CARGO) fetch --locked --manifest-path tests/rmcp_server/Cargo.toml
	touch $@

# zsh and fish check the syntax of the completion scripts (bash is always there).
# Installing them needs root; without it the completion tests name the missing shell
# and skip its check (under CI a missing shell fails them).
$(TOOLS)/shells.installed:
	@mkdir -p $(TOOLS)
	@if ! command -v zsh >/dev/null || ! command -v fish >/dev/null; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zsh fish; \
		else \
			echo "SKIPPED installing zsh and fish: not root; their completion checks will be skipped" >&2; \
		fi; \
	fi
	touch $@

test: tools lint doc msrv unit check-protocol-artifacts

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets --quiet -- -D warnings

# The API documentation, broken links and all other rustdoc warnings refused.
doc:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --quiet --no-deps

# Cargo.toml's rust-version, checked with that exact compiler.
msrv:
	./tools/msrv.sh

unit: tools
	$(CARGO) test --quiet

# The Python wheel that carries the binary (pyproject.toml), as pip, pipx and uvx
# install it: a release build, stripped, by the maturin of .tools, into target/wheels/.
wheel: $(VENV)/.installed
	$(VENV)/bin/maturin build --release --out target/wheels

# benches/process.sh measures whole processes with GNU time, which a new machine may
# lack: installed from Debian as root, asked for otherwise.
bench:
	@if [ ! -x /usr/bin/time ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; \
		else \
			echo "make bench needs GNU time (/usr/bin/time): install the Debian package 'time'" >&2; exit 2; \
		fi; \
	fi
	$(CARGO) build --release --quiet --examples --bin harn-catalog
	./benches/process.sh
	$(CARGO) bench --bench compile --bench harn --bench lsp

# Coverage-guided fuzzing of every front end with AFL++ through cargo-afl, on stable
# Rust (docs/development.md, "Fuzzing"): each target of fuzz/ runs FUZZ_SECONDS
# (default 60), or FUZZ_EXECS executions when set, one after the other; corpora and
# findings go to target/fuzz/.
# cargo-afl and the AFL++ it builds from its bundled source stay in .tools/.
CARGO_AFL_VERSION := 0.18.2
FUZZ_SECONDS ?= 60
fuzz: fuzz-tools
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_EXECS=$(FUZZ_EXECS) ./fuzz/run.sh

fuzz-tools: $(TOOLS)/afl.installed

$(TOOLS)/afl.installed:
	$(CARGO) install --locked --quiet cargo-afl --version $(CARGO_AFL_VERSION) --root $(TOOLS)/cargo-afl
	XDG_DATA_HOME=$(abspath $(TOOLS))/afl-data $(TOOLS)/cargo-afl/bin/cargo-afl afl config --build --force
	touch $@

# The artifacts that describe the catalog format (spec/protocol-artifacts), and the
# catalogs this repository compiles from its fixtures (harn-catalog.toml).
gen-protocol-artifacts:
	$(CARGO) run --quiet -- protocol-artifacts
	$(CARGO) run --quiet -- gen

check-protocol-artifacts:
	@echo "=== Checking protocol artifacts and generated catalogs are up to date ==="
	$(CARGO) run --quiet -- protocol-artifacts --check
	$(CARGO) run --quiet -- check
	@echo "    Protocol artifacts and catalogs OK."

# The rule reference, generated from the rules' own documentation.
docs:
	$(CARGO) run --quiet -- rules --markdown > docs/rules.md

# The client portability table: `lint --profile all` over the GitHub MCP server's tools
# and the real MCP servers' (the team's corpora, HARN_CATALOG_SHARED or ../shared),
# counted per profile. tests/it/profiles.rs checks that the committed table is current.
portability-table:
	$(CARGO) build --quiet --bin harn-catalog
	python3 tools/portability_table.py target/debug/harn-catalog > docs/portability.md.tmp
	mv docs/portability.md.tmp docs/portability.md

# Every .harn file of a checkout of upstream Harn, compiled on both surfaces, and the
# outcomes counted (tools/upstream-corpus.sh): make upstream-corpus UPSTREAM=../harn
upstream-corpus:
	@if [ -z "$(UPSTREAM)" ]; then echo "make upstream-corpus needs UPSTREAM=<checkout of burin-labs/harn>" >&2; exit 2; fi
	$(CARGO) build --release --quiet --bin harn-catalog
	./tools/upstream-corpus.sh "$(UPSTREAM)" target/release/harn-catalog

clean-tools:
	rm -rf $(TOOLS)

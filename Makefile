# harn-catalog: `make demo` compiles the bundled example, `make test` runs every check.
# Both install what they need: Python and npm packages into .tools/ (git-ignored), and
# the zsh and fish shells from Debian when they are missing (for the completion tests).

CARGO ?= cargo
TOOLS := .tools
VENV := $(TOOLS)/venv
PYTHON := $(VENV)/bin/python

.PHONY: demo test tools lint unit bench docs gen-protocol-artifacts check-protocol-artifacts clean-tools

demo:
	$(CARGO) build --release --quiet
	./target/release/harn-catalog schema fixtures/widgets/registry.json --pretty

# The independent consumers the tests use, in a git-ignored folder: Python
# jsonschema (catalogs against the envelope schemas) and TypeScript's tsc.
tools: $(VENV)/.installed $(TOOLS)/node/.installed $(TOOLS)/shells.installed

$(VENV)/.installed: tools/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r tools/requirements.txt
	touch $@

$(TOOLS)/node/.installed: tools/package.json tools/package-lock.json
	mkdir -p $(TOOLS)/node
	cp tools/package.json tools/package-lock.json $(TOOLS)/node/
	cd $(TOOLS)/node && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# zsh and fish check the syntax of the completion scripts (bash is always there).
$(TOOLS)/shells.installed:
	@mkdir -p $(TOOLS)
	@if ! command -v zsh >/dev/null || ! command -v fish >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zsh fish; \
	fi
	touch $@

test: tools lint unit check-protocol-artifacts

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets --quiet -- -D warnings

unit: tools
	$(CARGO) test --quiet

bench:
	$(CARGO) build --release --quiet --examples --bin harn-catalog
	./benches/process.sh
	$(CARGO) bench --bench compile --bench harn

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

clean-tools:
	rm -rf $(TOOLS)

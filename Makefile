# harn-catalog: `make demo` compiles the bundled example, `make test` runs every check.
# Both install what they need; nothing outside this folder is touched.

CARGO ?= cargo
TOOLS := .tools
VENV := $(TOOLS)/venv
PYTHON := $(VENV)/bin/python

.PHONY: demo test tools lint unit bench docs clean-tools

demo:
	$(CARGO) build --release --quiet
	./target/release/harn-catalog schema fixtures/widgets/registry.json --pretty

# The independent validators the tests use, in a git-ignored folder.
tools: $(VENV)/.installed

$(VENV)/.installed: tools/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r tools/requirements.txt
	touch $@

test: tools lint unit

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets --quiet -- -D warnings

unit: tools
	$(CARGO) test --quiet

bench:
	$(CARGO) build --release --quiet --examples --bin harn-catalog
	./benches/process.sh
	$(CARGO) bench --bench compile

# The rule reference, generated from the rules' own documentation.
docs:
	$(CARGO) run --quiet -- rules --markdown > docs/rules.md

clean-tools:
	rm -rf $(TOOLS)

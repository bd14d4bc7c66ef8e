# houses-sim: `make help` lists the targets.
VENV ?= .venv
PY := $(VENV)/bin/python
SIM := $(VENV)/bin/sim

.PHONY: help setup build run test test-rust test-python answers bench lint fmt golden clean

help: ## list targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | column -t -s "$$(printf '\t')"

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

setup: $(PY) ## create .venv and install the package (the Rust core built in release mode, profile-guided: benchmarks/pgo_build.sh)
	rm -f sim/_core*.so
	benchmarks/pgo_build.sh $(PY)

build: setup ## alias of setup

run: setup ## the main job: run the built-in default experiment (experiments/smoke.yaml)
	$(SIM) run experiments/smoke.yaml

test: setup ## all tests: cargo test (engine) and pytest (Python API and CLI)
	HOUSES_PROPERTY_GAMES=$${HOUSES_PROPERTY_GAMES:-50000} cargo test --release --workspace --exclude houses-py
	$(PY) -m pytest -q

answers: setup ## run every shipped experiment (the README's table of runs: their times and sum), then regenerate docs/answers.json and the README's table of answers
	for f in experiments/*.yaml; do $(SIM) run $$f --quiet > /dev/null || exit 1; done
	$(SIM) answers --write

bench: setup ## speed figures
	$(SIM) bench --games 200000 --agents random --json
	$(SIM) bench --games 50000 --agents greedy --json

lint: setup ## rustfmt, clippy -D warnings, ruff, mypy, stubtest (the stub against the built module)
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	$(VENV)/bin/ruff check sim tests benchmarks
	$(VENV)/bin/ruff format --check sim tests benchmarks
	$(VENV)/bin/mypy
	$(PY) -m mypy.stubtest sim._core

golden: ## regenerate the golden fingerprints and games (after a behaviour change and its version bump)
	HOUSES_GOLDEN=write cargo test --release -p houses-engine --test golden
	git diff --stat -- crates/houses-engine/tests/golden

fmt: ## format Rust and Python
	cargo fmt --all
	$(VENV)/bin/ruff format sim tests benchmarks || true

clean: ## remove build outputs
	cargo clean
	rm -rf $(VENV) sim/_core*.so

# The two commands of the README.  Each creates the virtual environment if it
# is missing and installs the project into it first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: demo test run bench fonts clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(BENCH_STAMP): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

demo: $(STAMP)
	$(BIN)/python -m bot demo --ruleset sengoku --out out
	$(BIN)/python -m bot demo --ruleset royal-fleets --out out/royal-fleets
	$(BIN)/python -m bot demo --ruleset here-i-stand --out out/here-i-stand
	$(BIN)/python -m bot demo --ruleset empires-in-arms --out out/empires-in-arms

# One worker per core, at most four (each starts a PostgreSQL server of its own); TEST_WORKERS=0
# runs the suite in this process, which a debugger or `-x` is easier with.
TEST_WORKERS ?= auto

test: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --maxprocesses=4

run: $(STAMP)
	$(BIN)/python -m bot run

# Writes bench/RESULTS.md with issue 18's goals table on top; 6–10 minutes on a shared 2-core machine (not part of `make test`).
# FLEETWRIGHT_WORKERS=N: the turn benchmarks run through the bot's worker pool of N processes
# (bot/workers.py; 0: threads of the bot process; unset: the bot's default); RESULTS.md says which.
bench: $(BENCH_STAMP)
	$(if $(FLEETWRIGHT_WORKERS),FLEETWRIGHT_WORKERS=$(FLEETWRIGHT_WORKERS) )$(BIN)/python bench/run_all.py

# Re-cuts the CJK font subsets in data/fonts/ (committed; only after a new local_name or map word).
fonts: $(STAMP)
	$(BIN)/python tools/make_font_subset.py

clean:
	rm -rf $(VENV) out .pytest_cache

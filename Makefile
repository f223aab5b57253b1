# Everything runs in .venv, made from the python3 on PATH; re-runs skip pip
# until pyproject.toml changes (the .venv/.installed* stamps are newer).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: .venv install install-test play test

.venv: $(VENV)/.created

$(VENV)/.created:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	touch $@

install: $(VENV)/.installed

# The web and plot extras too, so that `cardcore serve` and `cardcore compare --plot` work
# beside `make play`'s terminal game.
$(VENV)/.installed: pyproject.toml | $(VENV)/.created
	$(BIN)/pip install --quiet -e '.[web,plot]'
	touch $@

install-test: $(VENV)/.installed-test

# The test extra includes the package itself, so it also satisfies `install`.
$(VENV)/.installed-test: pyproject.toml | $(VENV)/.created
	$(BIN)/pip install --quiet -e '.[test,web]'
	touch $@ $(VENV)/.installed

play: install
	@echo "cardcore is $(abspath $(BIN))/cardcore; '. $(BIN)/activate' puts it on the PATH."
	$(BIN)/cardcore play penchant --level normal

# The browser tests drive a system Chromium (Playwright cannot download its own here); say
# clearly when there is none, since pytest's summary only lists them among the skips.
# One pytest-xdist worker per core (-n auto: two on CI's machine, more on a bigger one;
# PYTEST_XDIST_AUTO_NUM_WORKERS=N overrides). worksteal: an idle worker takes queued tests
# from a busy one, since a few tests last seconds and most milliseconds. One worker, e.g. for
# --update-golden or a debugger: .venv/bin/python -m pytest -n 0 (or plain, without -n).
test: install-test
	@$(BIN)/python tests/web/chromium_check.py
	$(BIN)/python -m pytest -n auto --dist worksteal

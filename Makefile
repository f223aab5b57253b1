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

$(VENV)/.installed: pyproject.toml | $(VENV)/.created
	$(BIN)/pip install --quiet -e .
	touch $@

install-test: $(VENV)/.installed-test

# The test extra includes the package itself, so it also satisfies `install`.
$(VENV)/.installed-test: pyproject.toml | $(VENV)/.created
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

play: install
	@echo "cardcore is $(abspath $(BIN))/cardcore; '. $(BIN)/activate' puts it on the PATH."
	$(BIN)/cardcore play penchant --level normal

test: install-test
	$(BIN)/python -m pytest

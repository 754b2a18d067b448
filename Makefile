# Paddock: `make run` serves the demo league; `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# The suite runs on real PostgreSQL and Redis (override to point elsewhere).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/9

.PHONY: run test lint worker beat bench

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

run: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py seed_demo
	@echo ""
	@echo "Paddock is running: open http://$(HOST):$(PORT)/  (organiser / paddock-demo)"
	@echo ""
	DEBUG=1 EMBEDDED_SCHEDULER=1 $(PY) manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.installed
	sh scripts/ensure_chromium.sh
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(PY) -m pytest -q $(PYTEST_ARGS)

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run
	DEBUG=1 $(PY) manage.py catalogue check

worker: $(VENV)/.installed
	$(PY) -m celery -A paddock worker -Q sessions,online,webhooks,ratings -l info

beat: $(VENV)/.installed
	$(PY) -m celery -A paddock beat -l info

# Paddock: `make run` serves the demo league; `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# The suite runs on real PostgreSQL and Redis (override to point elsewhere).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/9
TEST_REDIS_BROWSER_URL ?= redis://127.0.0.1:6379/10

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

# With no PYTEST_ARGS the suite runs as two processes side by side (the
# browser tests wait on Chromium and the rest on the CPU), each with its own
# database and Redis database; the browser half's output follows the rest's.
test: $(VENV)/.installed
	sh scripts/ensure_chromium.sh
ifeq ($(strip $(PYTEST_ARGS)),)
	mkdir -p artifacts
	(DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)}_browser REDIS_URL=$(TEST_REDIS_BROWSER_URL) \
		$(PY) -m pytest -q tests/browser > artifacts/browser-tests.txt 2>&1; \
		echo $$? > artifacts/browser-tests.rc) & \
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(PY) -m pytest -q --ignore=tests/browser; rest=$$?; wait; \
	echo "--- browser tests ---"; cat artifacts/browser-tests.txt; \
	test $$rest -eq 0 && test "$$(cat artifacts/browser-tests.rc)" -eq 0
else
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(TEST_REDIS_URL)} \
		$(PY) -m pytest -q $(PYTEST_ARGS)
endif

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run
	DEBUG=1 $(PY) manage.py catalogue check

worker: $(VENV)/.installed
	$(PY) -m celery -A paddock worker -Q sessions,online,webhooks,ratings -l info

beat: $(VENV)/.installed
	$(PY) -m celery -A paddock beat -l info

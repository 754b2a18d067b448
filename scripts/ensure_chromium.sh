#!/bin/sh
# Browser tests drive Debian's chromium; install it when it is missing and
# this machine can (root with apt). Playwright never downloads a browser.
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "chromium is missing: install Debian's chromium package to run the browser tests" >&2
  exit 1
fi

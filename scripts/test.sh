#!/usr/bin/env bash
# Quick start, command 2: install what is missing, then run every test:
# type-check, lint, unit and integration tests, build-and-pack smoke, browser tests.
source "$(dirname "$0")/env.sh"
exec yarn test "$@"

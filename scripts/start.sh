#!/usr/bin/env bash
# Quick start, command 1: install what is missing, then start the Kargo sandbox,
# the Backstage backend (:7007) and the frontend (:3000) on 127.0.0.1.
source "$(dirname "$0")/env.sh"
exec yarn start "$@"

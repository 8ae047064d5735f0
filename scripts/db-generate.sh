#!/usr/bin/env bash
# Generate a drizzle migration from db/schema; serialised with a lock so parallel work never numbers two migrations alike.
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/energy-drizzle.lock npx drizzle-kit generate "$@"

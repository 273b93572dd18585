#!/usr/bin/env bash
# `make bench`: every benchmark command prints its figures as ratios against a baseline measured
# in the same run. Later issues add their commands under backend/bench/.
set -euo pipefail
cd "$(dirname "$0")/../backend"
shopt -s nullglob
benches=(bench/bench_*.py)
if [ ${#benches[@]} -eq 0 ]; then
  echo "no benchmarks yet"
  exit 0
fi
for b in "${benches[@]}"; do
  echo "== $b"
  ../.venv/bin/python "$b"
done

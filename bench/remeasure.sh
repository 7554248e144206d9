#!/usr/bin/env bash
# bench/remeasure.sh: re-runs the measurements behind docs/data/ and the charts and table drawn from them, one run
# after another (never two loads at once): each model as shipped at 1,000 clients x 100 ms and at 10,000 clients x
# 1 s (docs/data/fair-answer.csv), then the map, every model at its best at latency {0,1,10,100,1000 ms} x clients
# {10,100,1000,10000} (docs/data/map.csv). About 2 h 15 min on 2 cores. The runs go to target/bench/docs/; run it
# again after an interruption and it resumes where it stopped (each run's --out keeps the cells that ended). Then it
# copies each run's results.csv into docs/data/ and redraws the charts and the README's table (bench/redraw.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

runs=target/bench/docs
# the same heap for every model, and short windows: 132 cells, each on a fresh JVM warmed for 20 s
common=(--warmup-min 20 --warmup-max 20 --windows 1 --window 10 --open none --heap 2g)
bench/compare.sh --scenarios map --latencies 100 --users 1000 --config shipped "${common[@]}" --out "$runs/shipped-1000x100"
bench/compare.sh --scenarios map --latencies 1000 --users 10000 --config shipped "${common[@]}" --out "$runs/shipped-10000x1000"
bench/compare.sh --scenarios map --config tuned "${common[@]}" --out "$runs/map-tuned"

mkdir -p docs/data
{
  cat "$runs/shipped-1000x100/results.csv"
  tail -n +2 "$runs/shipped-10000x1000/results.csv"
} > docs/data/fair-answer.csv
cp "$runs/map-tuned/results.csv" docs/data/map.csv
bench/redraw.sh

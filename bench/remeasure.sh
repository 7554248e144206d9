#!/usr/bin/env bash
# bench/remeasure.sh: re-runs the measurements behind docs/data/, and then the charts and the README's table drawn
# from them, one run after another (never two loads at once), into target/bench/docs/:
#   1. each model as shipped at 1,000 clients x 100 ms (docs/data/fair-answer.csv, with 10,000 clients x 1 s);
#   2. the map, every model at its best (--config tuned) at latency {10,100,1000 ms} x clients {10,100,1000,10000},
#      warmed for 20 s: there the backend's wait bounds what a model serves;
#   3. the map's CPU-bound rows, latency {0,1 ms}, warmed until the CPU per request settles (30-40 s): there the JIT
#      still halves the cost after 20 s.
# About 2 hours on 2 cores. Run it again after an interruption: each run's --out keeps the cells that ended. Then it
# writes docs/data/map.csv (2 and 3) and docs/data/fair-answer.csv, and redraws (bench/redraw.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

runs=target/bench/docs
# the same heap for every model; short windows, each cell on a fresh JVM
common=(--windows 1 --window 10 --open none --heap 2g)
bench/compare.sh --scenarios map --latencies 100 --users 1000 --config shipped --warmup-min 20 --warmup-max 20 "${common[@]}" \
  --out "$runs/shipped-1000x100"
bench/compare.sh --scenarios map --latencies 1000 --users 10000 --config shipped --warmup-min 20 --warmup-max 20 "${common[@]}" \
  --out "$runs/shipped-10000x1000"
bench/compare.sh --scenarios map --latencies 10,100,1000 --config tuned --warmup-min 20 --warmup-max 20 "${common[@]}" \
  --out "$runs/map-waiting"
bench/compare.sh --scenarios map --latencies 0,1 --config tuned --warmup-min 30 --warmup-max 40 "${common[@]}" \
  --out "$runs/map-cpu-bound"

mkdir -p docs/data
{
  cat "$runs/shipped-1000x100/results.csv"
  tail -n +2 "$runs/shipped-10000x1000/results.csv"
} > docs/data/fair-answer.csv
{
  cat "$runs/map-cpu-bound/results.csv"
  tail -n +2 "$runs/map-waiting/results.csv"
} > docs/data/map.csv
bench/redraw.sh

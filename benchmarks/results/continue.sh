#!/usr/bin/env bash
# Carry the long strength runs on at the lowest priority, in rounds of growing size so that
# every player count has figures early: search_bound at 0 removed for 1-5 players and at
# the level where the expert wins nearest half its games (1 player: 3, 2 players: 2), then
# search_overrides. Each call plays only what its file does not hold yet, so this can be
# stopped at any moment and started again. Run from anywhere, with the project's .venv.
set -u
cd "$(dirname "$0")/../.."
out=benchmarks/results
bound() {  # players removed pairs
  nice -n 19 .venv/bin/python -m benchmarks.strength.search_bound --players "$1" \
    --removed "$2" --pairs "$3" --out "$out/search_bound/removed$2-$1p.jsonl" >/dev/null
}
overrides() {  # players games
  nice -n 19 .venv/bin/python -m benchmarks.strength.search_overrides --players "$1" \
    --games "$2" --out "$out/search_overrides/overrides-$1p.jsonl" >/dev/null
}
for pairs in 1000 2000 4000; do
  for players in 1 2 3 4 5; do bound "$players" 0 "$pairs"; done
  bound 1 3 "$pairs"
  bound 2 2 "$pairs"
  for players in 1 2 3 4 5; do overrides "$players" $((pairs / 10)); done
done

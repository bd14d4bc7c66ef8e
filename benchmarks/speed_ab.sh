#!/usr/bin/env bash
# Engine speed of this checkout against an earlier commit, side by side: both builds of
# `examples/stats` run at once, each pinned to a core of its own (`taskset`), so that both
# meet the same machine (single runs on a shared 2-core machine vary by 10% and more).
# Each line pair prints the two outcome lines: identical lines mean the same games.
#
#   benchmarks/speed_ab.sh BASE_REF [ROUNDS]     e.g. benchmarks/speed_ab.sh 663a58f 3
#
# Measures greedy v greedy (200,000 games) and the expert search v itself (100 games).
set -euo pipefail
base_ref=${1:?usage: benchmarks/speed_ab.sh BASE_REF [ROUNDS]}
rounds=${2:-3}
root=$(git rev-parse --show-toplevel)
work=${TMPDIR:-/tmp}/houses-speed-ab
mkdir -p "$work"
rm -rf "$work/base"
git -C "$root" worktree add -f --detach "$work/base" "$base_ref" >/dev/null
trap 'git -C "$root" worktree remove --force "$work/base"' EXIT
(cd "$work/base" && CARGO_TARGET_DIR="$work/base-target" cargo build -q --release -p houses-engine --example stats)
(cd "$root" && cargo build -q --release -p houses-engine --example stats)
base_bin="$work/base-target/release/examples/stats"
new_bin="$root/target/release/examples/stats"
pin() { if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then taskset -c "$1" "${@:2}"; else "${@:2}"; fi; }
expert='search(iterations=300,worlds=32,c=0.05,rollout=1,eval=3,halving=1)'
for args in "greedy greedy 200000" "$expert $expert 100"; do
  read -r a b n <<<"$args"
  echo "== $a v $b, $n games"
  for _ in $(seq "$rounds"); do
    pin 0 "$base_bin" "$a" "$b" "$n" >"$work/base.txt" &
    pin 1 "$new_bin" "$a" "$b" "$n" >"$work/new.txt"
    wait
    echo "base $base_ref: $(paste -sd' ' "$work/base.txt")"
    echo "this checkout: $(paste -sd' ' "$work/new.txt")"
  done
done

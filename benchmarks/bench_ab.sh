#!/usr/bin/env bash
# `sim bench` through Python, this checkout's installed build (`make setup`: profile-guided)
# against an earlier commit's (a release wheel built from that commit, Python package and
# personas included), side by side: both run at once, each pinned to a core of its own
# (`taskset`), alternating cores each round, so that both meet the same machine (single runs on
# a shared 2-core machine vary by 10% and more).
#
#   benchmarks/bench_ab.sh BASE_REF [ROUNDS]     e.g. benchmarks/bench_ab.sh dae016f 3
#
# Measures greedy v greedy (200,000 games) and the expert v itself (40 games): games and
# decisions a second, one line per build and round.
set -euo pipefail
base_ref=${1:?usage: benchmarks/bench_ab.sh BASE_REF [ROUNDS]}
rounds=${2:-3}
root=$(git rev-parse --show-toplevel)
py="$root/.venv/bin/python"
work=${TMPDIR:-/tmp}/houses-bench-ab
rm -rf "$work/base" "$work/now" "$work/wheel" "$work/wt"
mkdir -p "$work/base" "$work/now"
git -C "$root" worktree add -f --detach "$work/wt" "$base_ref" >/dev/null
trap 'git -C "$root" worktree remove --force "$work/wt"' EXIT
(cd "$work/wt" && CARGO_TARGET_DIR="$work/base-target" "$py" -m maturin build --release \
  -i "$py" -o "$work/wheel" --quiet)
cp -r "$work/wt/sim" "$work/wt/strategies" "$work/base/"
"$py" - "$work" <<'EOF'
import glob, sys, zipfile
work = sys.argv[1]
wheel = zipfile.ZipFile(glob.glob(f"{work}/wheel/*.whl")[0])
so = next(n for n in wheel.namelist() if n.endswith(".so"))
open(f"{work}/base/sim/_core.abi3.so", "wb").write(wheel.read(so))
EOF
cp -r "$root/sim" "$root/strategies" "$work/now/"
pin() { if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then taskset -c "$1" "${@:2}"; else "${@:2}"; fi; }
bench() { # LABEL CORE ARGS...: one `sim bench` of the build in $work/LABEL, outside the checkout
  (cd "$work" && PYTHONPATH="$work/$1" pin "$2" "$py" -m sim bench "${@:3}" --json) |
    "$py" -c "import json,sys; d=json.load(sys.stdin); print(f'$1 games/s {d[\"games_per_second\"]:.0f} decisions/s {d[\"decisions_per_second\"]:.0f}')"
}
for args in "--games 200000 --agents greedy" "--games 40 --agents search_expert"; do
  echo "== sim bench $args (base: $base_ref)"
  for r in $(seq "$rounds"); do
    a=$((r % 2)); b=$((1 - a))
    # shellcheck disable=SC2086
    bench base "$a" $args & bench now "$b" $args
    wait
  done
done

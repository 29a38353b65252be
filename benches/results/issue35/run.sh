#!/bin/bash
# The issue-35 measurement series: db14eab and this branch, interleaved, one session.
cd "$(dirname "$0")"
. /work/venv/bin/activate
OLD=/tmp/venv-db14eab/bin/python
B=/work/main/benches/server_load.py
run() { # label args...
  L=$1; shift
  echo "== $L $(cat /proc/loadavg)" >> log.txt
  python $B "$@" 2>$L.err | sed -n '/^{/,/^}/p' > $L.json
  echo "   $(cat /proc/loadavg)" >> log.txt
}
for i in 1 2 3; do
  run inst_old_$i --tables 200 --hands 2 --server-python $OLD
  run inst_new_$i --tables 200 --hands 2 --clock
done
for i in 1 2 3; do
  run think_sq_old_$i --tables 1000 --hands 2 --think 0.5 2 --server-python $OLD
  run think_sq_new_$i --tables 1000 --hands 2 --think 0.5 2 --clock
done
for i in 1 2 3; do
  run think_pg_old_$i --tables 1000 --hands 2 --think 0.5 2 --db postgres --server-python $OLD
  run think_pg_new_$i --tables 1000 --hands 2 --think 0.5 2 --db postgres --clock
done
for i in 1 2; do
  run inst_pg_old_$i --tables 200 --hands 2 --db postgres --server-python $OLD
  run inst_pg_new_$i --tables 200 --hands 2 --db postgres --clock
  run inst_sq_new_$i --tables 200 --hands 2 --clock
done
for p in 2 3; do
  run inst_pg_new_p$p --tables 200 --hands 2 --db postgres --clock --processes $p
done
run think_sq_new_cw04 --tables 1000 --hands 2 --think 0.5 2 --clock --claim-wait 0.4
echo done >> log.txt

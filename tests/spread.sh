#!/bin/sh
# bench/spread.sh (a sim study over machines with GNU parallel; here one
# machine, --sshlogin :) and bench/spread.slurm (a Slurm job array; here
# its tasks run one after the other, as Slurm would run them) make shards
# whose merge is what one run of all the games prints, byte for byte.
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0

tmp=$(mktemp -d "${TMPDIR:-/tmp}/medsiege-spread.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1"; }

map=$srcdir/maps/tutorial.yaml
cd "$tmp" || exit 1

# GNU parallel, this machine as the one login: four shards of 10 games.
if MEDSIEGE=$bin MERGE=$bin SSHLOGINS=: SHARDS=4 SEED=3 OUT=out \
	sh "$srcdir/bench/spread.sh" "$map" 10 --json >spread.json 2>spread.err; then
	ok "spread.sh runs (--sshlogin :)"
else
	not_ok "spread.sh runs (--sshlogin :)"
	cat spread.err
fi
if [ "$(cat out/plan | tr '\n' ' ')" = "0 3 2 1 5 3 2 8 2 3 10 3 " ] &&
	[ "$(ls out/shard-*.json | wc -l)" = 4 ]; then
	ok "spread.sh: four shards of contiguous seeds"
else
	not_ok "spread.sh: four shards of contiguous seeds"
	cat out/plan
	ls out
fi
for fmt in json text csv; do
	opt=
	[ $fmt = text ] || opt=--$fmt
	"$bin" sim "$map" --seed 3 --games 10 $opt >one.$fmt
	if [ $fmt = json ]; then
		cp spread.json merged.$fmt
	else
		"$bin" sim --merge out/shard-*.json $opt >merged.$fmt
	fi
	if [ -s one.$fmt ] && cmp -s one.$fmt merged.$fmt; then
		ok "spread.sh: the merge is one run ($fmt)"
	else
		not_ok "spread.sh: the merge is one run ($fmt)"
		diff one.$fmt merged.$fmt | head -5
	fi
done
if ! MEDSIEGE=$bin MERGE=$bin SSHLOGINS=: OUT=bad sh "$srcdir/bench/spread.sh" \
	nosuch.yaml 4 >bad.out 2>&1; then
	ok "spread.sh: a shard that fails fails the study"
else
	not_ok "spread.sh: a shard that fails fails the study"
	cat bad.out
fi

# The Slurm file: a shell script whose directives sbatch reads (they
# must come before its first command), run as four array tasks.
slurm=$srcdir/bench/spread.slurm
if sh -n "$slurm" && awk '
	/^#SBATCH/ { if (cmd) bad = 1; n++
		if ($0 !~ /^#SBATCH --[a-z-]+=[^ ]+$/) bad = 1 }
	!/^#/ && !/^$/ { cmd = 1 }
	END { exit bad || n < 3 }' "$slurm" &&
	grep -q '^#SBATCH --array=[0-9]*-[0-9]*$' "$slurm"; then
	ok "spread.slurm: shell syntax, directives before the first command"
else
	not_ok "spread.slurm: shell syntax, directives before the first command"
fi
mkdir slurm && cd slurm || exit 1
st=0
for task in 2 0 3 1; do
	SLURM_ARRAY_TASK_ID=$task SLURM_CPUS_PER_TASK=2 MEDSIEGE=$bin \
		SCENARIO=$map GAMES=3 SEED=5 sh "$slurm" || st=1
done
"$bin" sim --merge shards/tutorial-*.json --csv >merged.csv
"$bin" sim "$map" --seed 5 --games 12 --csv >one.csv
if [ $st = 0 ] && [ "$(ls shards/*.json | wc -l)" = 4 ] && cmp -s one.csv merged.csv; then
	ok "spread.slurm: four array tasks merge into one run"
else
	not_ok "spread.slurm: four array tasks merge into one run (status $st)"
	ls shards
	diff one.csv merged.csv | head -5
fi
if ! MEDSIEGE=$bin sh "$slurm" >out 2>&1 && grep -q 'run as a Slurm array task' out; then
	ok "spread.slurm: refuses to run outside an array task"
else
	not_ok "spread.slurm: refuses to run outside an array task"
	cat out
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

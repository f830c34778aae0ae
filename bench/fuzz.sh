#!/bin/sh
# Run the fuzz harnesses built by `make fuzz`, one after another, each for
# SECONDS (default 60), and print per harness the executions, executions
# per second, coverage (edges and features libFuzzer counts) and crashes.
#   bench/fuzz.sh [SECONDS] [NAME...]     NAME: scenario roster commands save keys wire
# Each harness starts from its corpus in tests/fuzz/corpus/NAME and keeps
# what it finds in bench/fuzz-out/NAME/corpus, so later runs go on where
# earlier ones stopped; bench/fuzz-out/NAME/runs adds up every run, and a
# crash is kept there as crash-*, leak-*, timeout-* or oom-*. Harnesses
# run at the lowest priority: FUZZ_NICE=0 to run them at normal priority.
# FUZZ_BUILD names the build folder (default: the source folder);
# FUZZ_ARGS adds libFuzzer options, e.g. FUZZ_ARGS=-runs=1000000.
srcdir=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-$srcdir}
out=${FUZZ_OUT:-$srcdir/bench/fuzz-out}
secs=${1:-60}
case "$secs" in
*[!0-9]* | '')
	echo "usage: bench/fuzz.sh [SECONDS] [NAME...]" >&2
	exit 2
	;;
esac
[ $# -gt 0 ] && shift
names=${*:-scenario roster commands save keys wire}
status=0

dict_of() {
	case "$1" in
	scenario | roster) echo yaml ;;
	*) echo "$1" ;;
	esac
}

# Longest input (the others: the longest in the corpus): a save or a
# script of whole games costs a whole game per try; shorter ones still
# reach battle and resume every way, far faster.
max_len_of() {
	case "$1" in
	save) echo 1024 ;;
	commands) echo 1536 ;;
	esac
}

# AddressSanitizer records no call stack per allocation: in the harnesses
# that play whole games that bookkeeping took a third of the time, and it
# only adds where a freed or leaked block came from to a report. A crash
# is kept, so that report is one run away: tests/fuzz/fuzz-NAME FILE.
ASAN_OPTIONS=malloc_context_size=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
export ASAN_OPTIONS

# The last value of libFuzzer's "KEY: N" in its log.
stat() {
	sed -n "s/^stat::$1: *//p" "$2" | tail -n 1
}

printf '%-9s %11s %9s %6s %7s %8s %s\n' harness executions "exec/s" edges features inputs crashes
for name in $names; do
	bin=$build/tests/fuzz/fuzz-$name
	if [ ! -x "$bin" ]; then
		echo "bench/fuzz.sh: no $bin: run 'make fuzz' first" >&2
		exit 1
	fi
	dir=$out/$name
	mkdir -p "$dir/corpus"
	log=$dir/last.log
	before=$(ls "$dir" | grep -c -E '^(crash|leak|timeout|oom)-')
	max_len=$(max_len_of "$name")
	# libFuzzer writes new inputs to the first folder and reads the rest.
	nice -n "${FUZZ_NICE:-19}" "$bin" -max_total_time="$secs" \
		-dict="$srcdir/tests/fuzz/$(dict_of "$name").dict" \
		${max_len:+-max_len=$max_len} \
		-artifact_prefix="$dir/" -print_final_stats=1 -timeout=20 \
		-rss_limit_mb=2048 $FUZZ_ARGS \
		"$dir/corpus" "$srcdir/tests/fuzz/corpus/$name" > "$log" 2>&1
	rc=$?
	execs=$(stat number_of_executed_units "$log")
	rate=$(stat average_exec_per_sec "$log")
	# The last status line: "#N ... cov: E ft: F corp: C/..."
	cov=$(grep -E '^#[0-9]+' "$log" | grep ' cov: ' | tail -n 1)
	edges=$(echo "$cov" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	feats=$(echo "$cov" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	inputs=$(echo "$cov" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
	after=$(ls "$dir" | grep -c -E '^(crash|leak|timeout|oom)-')
	crashes=$((after - before))
	echo "${execs:-0} ${rate:-0} $crashes" >> "$dir/runs"
	printf '%-9s %11s %9s %6s %7s %8s %s\n' "$name" "${execs:-?}" "${rate:-?}" \
		"${edges:-?}" "${feats:-?}" "${inputs:-?}" "$crashes"
	if [ "$crashes" -gt 0 ] || [ "$rc" -ne 0 ]; then
		status=1
		ls -t "$dir" | grep -E '^(crash|leak|timeout|oom)-' | head -n "$crashes" |
			sed "s|^|          found: $dir/|"
		grep -m 1 -E 'ERROR|fuzz [a-z]+:|SUMMARY' "$log" | sed 's/^/          /'
	fi
done
echo "all runs so far ($out/NAME/runs):"
for name in $names; do
	[ -f "$out/$name/runs" ] || continue
	awk -v n="$name" '{ e += $1; c += $3; r++ }
		END { printf "  %-9s %12d executions in %d runs, %d crashes\n", n, e, r, c }' \
		"$out/$name/runs"
done
exit $status

# lib-cli.sh: what the command-line tests share (sourced): expect and
# contains, each counting into pass and fail and printing ok / not ok.

# expect NAME STATUS EXPECTED-OUTPUT -- COMMAND...
expect() {
	name=$1 status=$2 want=$3
	shift 4
	got=$("$@" 2>&1)
	st=$?
	if [ "$st" = "$status" ] && [ "$got" = "$want" ]; then
		pass=$((pass + 1))
		echo "ok - $name"
	else
		fail=$((fail + 1))
		echo "not ok - $name (exit $st, wanted $status)"
		printf 'wanted:\n%s\ngot:\n%s\n' "$want" "$got"
	fi
}

# contains NAME STATUS NEEDLE -- COMMAND...
contains() {
	name=$1 status=$2 needle=$3
	shift 4
	got=$("$@" 2>&1)
	st=$?
	if [ "$st" = "$status" ] && printf '%s' "$got" | grep -qF -- "$needle"; then
		pass=$((pass + 1))
		echo "ok - $name"
	else
		fail=$((fail + 1))
		echo "not ok - $name (exit $st, wanted $status): no '$needle' in:"
		printf '%s\n' "$got"
	fi
}

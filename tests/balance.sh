#!/bin/sh
# bench/balance.sh reads `medsiege sim --json` right: with a few games,
# each team's row holds the wins and draws sim counts for the same seeds,
# the band is 35% to 65% for two teams and half to twice the fair share
# for three, "in band" says whether the rate is in it, and the tutorial's
# Blue at normal against Red at easy has sim's wins and losses. (The
# script prints figures and judges nothing; this only checks that what it
# prints is what the program measured.)
srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${abs_top_builddir:-$srcdir}/medsiege
pass=0 fail=0
tmp=${TMPDIR:-/tmp}/balance.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok - $1"; }
notok() { fail=$((fail + 1)); echo "not ok - $1"; }

games=4 seed=2
if GAMES=$games SEED=$seed JOBS=1 SCENARIOS="bridge chapel" \
	sh "$srcdir/bench/balance.sh" "$bin" >"$tmp/out" 2>"$tmp/err"; then
	ok "bench/balance.sh runs"
else
	notok "bench/balance.sh runs"
	cat "$tmp/err"
fi

# wins_of JSON TEAM, draws_of JSON: as sim counts them.
wins_of() {
	printf '%s\n' "$1" | sed 's/.*"wins":{\([^}]*\)}.*/\1/' | tr ',' '\n' |
		sed -n "s/^\"$2\":\([0-9]*\)\$/\1/p"
}
draws_of() { printf '%s\n' "$1" | sed -n 's/.*"draws":\([0-9]*\),.*/\1/p'; }

# check_rows SCENARIO BAND TEAM...: a row for each team, as sim counts.
check_rows() {
	sc=$1 band=$2
	shift 2
	json=$("$bin" sim "$srcdir/maps/$sc.yaml" --games $games --seed $seed \
		--jobs 1 --json 2>/dev/null)
	for team in "$@"; do
		want="$(wins_of "$json" "$team") $(draws_of "$json")"
		row=$(awk -v s="$sc" -v t="$team" '$1 == s && $2 == t' "$tmp/out")
		got=$(printf '%s\n' "$row" | awk '{ print $4, $5 }')
		games_col=$(printf '%s\n' "$row" | awk '{ print $3 }')
		if [ -n "$row" ] && [ "$got" = "$want" ] && [ "$games_col" = $games ]; then
			ok "$sc $team: $games games, wins and draws as sim counts them ($want)"
		else
			notok "$sc $team: wanted wins and draws '$want', got '$row'"
		fi
		if printf '%s\n' "$row" | grep -q " $band "; then
			ok "$sc $team: band $band"
		else
			notok "$sc $team: band should be $band in '$row'"
		fi
		# The last word says whether the rate (column 6) is in the band.
		if printf '%s\n' "$row" | awk '{
			r = $6; sub(/%/, "", r); split($(NF - 1), b, "-")
			lo = b[1]; hi = b[2]; sub(/%/, "", lo); sub(/%/, "", hi)
			want = (r + 0 >= lo + 0 && r + 0 <= hi + 0) ? "yes" : "no"
			exit !($NF == want) }'; then
			ok "$sc $team: 'in band' agrees with the rate"
		else
			notok "$sc $team: 'in band' disagrees with the rate in '$row'"
		fi
	done
}
check_rows bridge 35.0%-65.0% Red Blue
check_rows chapel 16.7%-66.7% Red Blue Green

# The tutorial's Blue at normal against Red at easy.
json=$("$bin" sim "$srcdir/maps/tutorial.yaml" --games $games --seed $seed \
	--jobs 1 --ai Blue:normal --ai Red:easy --json 2>/dev/null)
want="$(wins_of "$json" Blue) $(wins_of "$json" Red)"
got=$(awk '$1 == "tutorial" && $2 == "Blue" && $3 == "Red" { print $5, $6 }' "$tmp/out")
if [ -n "$got" ] && [ "$got" = "$want" ]; then
	ok "tutorial: Blue at normal against Red at easy, won and lost as sim counts them ($want)"
else
	notok "tutorial: Blue at normal against Red at easy: wanted '$want', got '$got'"
	cat "$tmp/out"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# Each human team's first curtain tells what the battle is about and what
# that team plays for: the description and its own goals (i shows every
# side's), whole at 80x24 whatever the description leaves: the
# description's end gives way first, a goal too long for a row wraps onto
# the next, indented, and only when the goals alone are more than the
# screen holds does their end give way, with the last line saying that i
# shows it all. "Everyone else, look away" only when two or more human
# teams share the keyboard.
. "$(dirname "$0")/lib.sh"

# curtain SCENARIO: started, its first curtain up.
curtain() {
	start -- "$1 --seed 1" && wait_for "to play" && wait_for "(q quits)"
}
# goal TEXT: the curtain shows TEXT, whole (over rows or not).
goal() { wait_joined "$1"; }

check "tutorial: the curtain" curtain "$srcdir/maps/tutorial.yaml"
check "two human teams: everyone else looks away" \
	wait_for "Round 1. Everyone else, look away."
for g in "Red: disable captain" "Red: disable every enemy unit"; do
	check "tutorial, Red's curtain: $g" goal "$g"
done
check "tutorial, Red's curtain: not Blue's goals" \
	eval '! joined | grep -q "Blue: disable ballista"'
check "tutorial: the description is whole" \
	eval 'goal "Blue'"'"'s captain is the foot knight K behind the ruin." &&
	wait_for "i shows this again, with every side'"'"'s goals, during the game"'
keys Enter
wait_for "Round 1: Red, Movement"
keys e y && wait_for "Red, Missile fire"
keys e y && wait_for "Red, Melee"
keys e y && wait_for "Blue to play"
check "Blue's first curtain: the battle too" \
	eval 'wait_for "(q quits)" && goal "Blue'"'"'s captain is the foot knight K behind the ruin."'
for g in "Blue: disable ballista" "Blue: survive until the end of round 6"; do
	check "tutorial, Blue's curtain: $g" goal "$g"
done
check "tutorial, Blue's curtain: not Red's goals" \
	eval '! joined | grep -q "Red: disable captain"'
keys Enter
wait_for "Round 1: Blue, Movement"
keys e y && wait_for "Blue, Missile fire"
keys e y && wait_for "Blue, Melee"
keys e y && wait_for "Red to play"
check "Red's second curtain: no briefing again" \
	eval 'wait_for "(q quits)" && ! joined | grep -q "captain\|i shows"'

check "one human team (Blue the computer's): its curtain" \
	eval 'start -- "$srcdir/maps/tutorial.yaml --seed 1 --ai Blue" && wait_for "(q quits)"'
check "nobody to look away" \
	eval 'wait_for "Round 1." && ! screen | grep -q "look away"'
check "and still the goals" goal "Red: disable captain"

hold="hold 18,9-24,13 with one of its units in it and no enemy at the end of 2 rounds in a row"
check "chapel: the curtain" curtain "$srcdir/maps/chapel.yaml"
for g in "Red: $hold" "Red: disable every enemy unit"; do
	check "chapel: $g" goal "$g"
done
check "chapel: only Red's" eval '! joined | grep -q "Blue: hold\|Green: hold"'

# Long team names: each goal is longer than a row.
long=$srcdir/tests/ui/goals.yaml
rose="The Company of the White Rose" city="The Burghers of the Free City"
check "long goals: the curtain" curtain "$long"
# The first curtain shows the team's own goals.
for g in "$rose: hold 10,2-14,6 with one of its units in it and no enemy at the end of 2 rounds in a row" \
	"$rose: disable every unit of $city"; do
	check "long goals: $g" goal "$g"
done
check "a goal's further row is indented under its text" \
	eval 'screen | grep -q "^ *$rose: hold" && screen | grep -q "^   no enemy at the end of 2 rounds in a row"'

# Four times the goals: more rows than the screen holds. As many as fit,
# then the line that says i shows them all; i does.
many=$work/many.yaml
awk '/^goals:/ { g = 1 } { print } g && /^  - / { for (i = 0; i < 3; i++) extra = extra $0 "\n" }
	END { printf "%s", extra }' "$long" | sed "s|roster: \.\./\.\./|roster: $srcdir/|" >"$many"
check "many goals: the curtain" curtain "$many"
check "many goals: the first goal, then the line that says there is more" \
	eval 'goal "$rose: hold 10,2-14,6" &&
	wait_for "i shows all of this, with every side'"'"'s goals, during the game"'
keys Enter
wait_for "movement left"
keys i
check "i shows the goals from the first" eval 'wait_for "GOALS" && wait_joined "$rose: hold 10,2-14,6"'
keys End
check "to the last, then the round limit" \
	eval 'wait_for "A draw if no goal is met by the end of round 6." &&
	[ "$(screen | grep -c "$city: survive until the end of round 6")" -ge 1 ]'
finish

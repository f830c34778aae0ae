#!/bin/sh
# Manual dice: the game asks for each die it needs, saying what for and
# the number needed, takes the number typed, refuses one that is no face
# of the die, asks again after a resume, and asks for the computer's
# dice too, on the screen that watches its turn or over its curtain.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts, with manual dice" start_red -- "$scenario --seed 1 --dice manual"
keys e y
wait_for "war machines, then missiles"
keys Tab t x
wait_for "[y/n]"
keys y
check "the shot asks for its die on the status line" \
	wait_for "roll a d20 for r5's longbow at b1 (need 15+):"
check "with the cursor after the question" \
	eventually '[ "$(cursor)" = "46 23" ]'
check "no die is rolled yet" eval '! screen | grep -q "rolled"'
keys 2 1 Enter
check "a number that is no face of the die is refused where it was typed" \
	eval 'screen | tail -n 1 | grep -q "^21 is no face of a d20: type 1 to 20: *$"'
check "the question is kept on the panel" \
	wait_for "roll a d20 for r5's longbow at b1"
check "with the cursor after it, for the next number" \
	eventually '[ "$(cursor)" = "38 23" ]'
keys 0 Enter
check "0 is no face either" wait_for "0 is no face of a d20: type 1 to 20"
# A q among the digits is a slip: it does not open the quit question,
# whose answer the next digit would be.
keys 1 q
check "q after a digit does not ask to quit" \
	eval '! screen | grep -q "Quit the game"'
keys x y z 7 Enter
check "the number typed is the roll (letters are not taken)" \
	eval 'wait_for "rolled 17: HIT" && wait_for "b1 is disabled"'
check "and is the command sent" wait_for "> roll 17"
# Quitting while a die is awaited: saved; resumed, the same die is asked.
keys Tab t x
wait_for "[y/n]"
keys y
check "the next shot asks for its die" wait_for "roll a d20 for r6's longbow at b2 (need 15+):"
keys q
check "q asks before quitting" wait_for "the die still awaited"
pid=$(game_pid)
keys y
check "and quits" gone "$pid"
start -- --resume
check "resumed, the curtain first" wait_for "Red to play"
keys Enter
check "then the same die is asked for" wait_for "roll a d20 for r6's longbow at b2 (need 15+):"
keys 3 Enter
check "and the game goes on with it" wait_for "rolled 3: miss"
# The replay of a game with manual dice plays the dice given, to the end.
save=$(ls "$work"/state/medsiege/*.save | head -n 1)
n=$(grep -vc '^#' "$save")
start -- "replay $save"
check "replay: every command of the save plays" wait_for "command 0 of $n"
keys End
check "replay: to the last, the roll given after the resume" \
	eval 'wait_for "command $n of $n" && wait_for "rolled 3: miss" && ! screen | grep -q "no longer applies"'
keys q
# The computer's dice are the players' too: asked on the screen of the
# team that watches its turn, from what that team knows...
check "a game against the computer, with manual dice" \
	start_red -- "$scenario --seed 1 --dice manual --ai Blue"
keys e y
wait_for "Missile fire"
keys e y
wait_for "Melee"
keys e y
check "the computer's shot asks for its die" \
	wait_for "Blue (computer): roll a d20 for b1's longbow at r5 (need 13+):"
check "on Red's screen, which watches the turn in its own fog" \
	eval 'wait_for "#==H" && [ "$(at 8 6)" = " " ]'
keys 2 0 Enter
check "the die given, the computer goes on" \
	wait_for "Blue (computer): roll a d20 for b2"
# ...or, when its turn is not shown (--pace 0), over its curtain.
check "the same, the computer's turn not shown" \
	start_red -- "$scenario --seed 1 --dice manual --ai Blue --pace 0"
keys e y
wait_for "Missile fire"
keys e y
wait_for "Melee"
keys e y
check "its die is asked for over the curtain" \
	eval 'wait_for "Blue (computer): roll a d20 for b1'"'"'s longbow at r5 (need 13+):" && ! screen | grep -q "#==H"'
keys 2 0 Enter
check "and it goes on" \
	eval 'wait_for "Blue (computer): roll a d20 for b2" && ! screen | grep -q "#==H"'
finish

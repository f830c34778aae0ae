#!/bin/sh
# A terminal too small says so and waits; it recovers after a resize.
. "$(dirname "$0")/lib.sh"

check "Red's turn starts" start_red
tm resize-window -t t -x 60 -y 20
check "too small: the message" wait_for "terminal too small: need 80x24, have 60x20"
check "and nothing of the map" eval '! screen | grep -q "#==H"'
keys l l
tm resize-window -t t -x 80 -y 24
check "back to 80x24: the map again" wait_for "#==H======H===#+#====H======H====#"
check "the panel again" wait_for "movement left: 5 in of 5"
tm resize-window -t t -x 100 -y 30
# 100 columns: the panel takes 60 of them, the map is centred in the
# other 40 (three columns in).
check "bigger: still fine" eventually 'screen | grep -q "movement left" && [ "$(at 13 17)" = K ]'
tm resize-window -t t -x 79 -y 24
check "one column short is too small" wait_for "have 79x24"
tm resize-window -t t -x 80 -y 24
check "and recovers" wait_for "movement left"
# Too small behind the curtain, too.
keys e y e y e y
wait_for "Blue to play"
tm resize-window -t t -x 40 -y 10
check "the curtain gives way to the message" wait_for "40x10"
tm resize-window -t t -x 80 -y 24
check "and comes back" wait_for "Blue to play"
finish

# A Botzone bot in simple interaction for the arena's tests (it starts in a millisecond):
# it plays the tile it draws and passes on everything else. Given -v at=K -v wrong=ANSWER,
# it answers ANSWER to its K-th draw instead (e.g. PASS: WA; HU: WH).
# Input: the turn number n, then 2n-1 lines (request, answer, ..., request).
NR == 1 { n = $1; next }
NR % 2 == 0 && $1 == "2" { draws++ }
NR == 2 * n {
    if ($1 != "2") print "PASS"
    else if (at != "" && draws == at) print wrong
    else print "PLAY " $2
    exit
}

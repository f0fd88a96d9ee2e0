## Terms: violation kinds, dead-hand kinds, substitution reasons.

violation-info = passing information
violation-bad-meld = declared meld that cannot be made
violation-changed-call = changed call
violation-call-word = wrong call word
violation-wrong-tile = wrong wall tile (not in hand)
violation-took-before-expose = took the claimed tile before exposing
violation-wrong-meld = wrong meld or flower (before the next discard)
violation-knock = knocking over others' tiles
violation-wall = premature wall destruction
violation-delay = delay of game
violation-obstruction = obstruction
violation-other = referee's additional sanction
violation-wrong-order = drew in the wrong order
violation-accident = tiles knocked over by accident
violation-notile = winning tile not added to the hand
deadhand-call-word = wrong call word for hu
deadhand-wrong-tile = wrong wall tile placed in hand
deadhand-early-expose = exposed before the call
deadhand-late-take = claimed tile not taken in time
deadhand-wrong-meld = wrong meld or flower (after the next discard)
deadhand-counting = touched the winning hand to count
deadhand-revealed = revealed the hand before a false hu was validated
deadhand-false-hu = false hu
deadhand-other = referee's decision
sub-late = lateness
sub-ill-before = illness before the session
sub-ill-during = illness during the session
sub-dq = disqualification

## Names of the commands' arguments
arg-T = T
arg-N = N
arg-ruling_id = ruling number
arg-appeal_id = appeal number
arg-vp_ns = VP of North-South
arg-vp_ew = VP of East-West
arg-mp_ns = North-South points
arg-mp_ew = East-West points
arg-user = player
arg-in = substitute
arg-out = player
arg-ready_clock = readiness clock
arg-moderator_role = moderators' role
arg-tz = time zone
arg-lang = language
arg-VP = VP

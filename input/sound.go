package input

import (
	"ttr/engine"
	"ttr/hal"
)

// soundOf decides the sound the table plays for r, the Result of one event
// (scan reports whether the event was a scan): one sound, the most telling
// of what happened, so that two never play over each other. The game's end
// comes first, then the last round, a route claimed, a card revealed for a
// tunnel, and last whether a scan was accepted or refused. Presses and
// touches sound only for what they cause (a claim confirmed); their
// refusals are read on the panel.
func soundOf(r *Result, scan bool) hal.Sound {
	var has [engine.EvGameOver + 1]bool
	for _, e := range r.Events {
		if int(e.Kind) < len(has) {
			has[e.Kind] = true
		}
	}
	switch {
	case has[engine.EvGameOver]:
		return hal.SoundEnd
	case has[engine.EvLastRound]:
		return hal.SoundLastRound
	case has[engine.EvRouteClaimed]:
		return hal.SoundClaim
	case has[engine.EvTunnelCard]:
		return hal.SoundTunnel
	case !scan:
		return 0
	case refused(*r):
		return hal.SoundRefused
	}
	return hal.SoundScan
}

package input_test

import (
	"slices"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// TestSoundOfEachEvent: each event sounds as what it caused: a scan
// accepted or refused, a route claimed, a tunnel's card revealed; presses,
// touches and device news sound only for a move they make.
func TestSoundOfEachEvent(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "red2", "loco1", "blue1"),
		1: cards(t, "red3", "red4", "blue2", "green1"),
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, r *rig)
		event func(t *testing.T, r *rig) input.Result
		want  hal.Sound
	}{
		{"scan accepted: a card drawn", nil,
			func(t *testing.T, r *rig) input.Result { return r.scanCard(0, r.deckCards(1, notLoco)[0]) }, hal.SoundScan},
		{"scan accepted: a card for a claim", func(t *testing.T, r *rig) { r.ok(r.touchRoute("berlin--frankfurt--2")) },
			func(t *testing.T, r *rig) input.Result { return r.scanCard(0, hands[0][0]) }, hal.SoundScan},
		{"scan accepted: a ticket given back", func(t *testing.T, r *rig) {
			r.ok(r.touch(hal.TicketDeck, "", 0))
			r.ok(r.scanTicket(0, nextTicket(t, r, engine.NewDrawTickets())), engine.DrawTickets, engine.RevealTicket)
			for r.game().Waiting().Need == engine.NeedTicket {
				r.ok(r.scanTicket(0, nextTicket(t, r)), engine.RevealTicket)
			}
		}, func(t *testing.T, r *rig) input.Result { return r.scanTicket(0, r.game().DrawnTickets(0).IDs()[0]) }, hal.SoundScan},
		{"scan refused: a card of another hand", nil,
			func(t *testing.T, r *rig) input.Result { return r.scanCard(0, hands[1][0]) }, hal.SoundRefused},
		{"scan refused: the wrong reader", nil,
			func(t *testing.T, r *rig) input.Result { return r.scanCard(1, r.deckCards(1, notLoco)[0]) }, hal.SoundRefused},
		{"scan refused: an unknown tag", nil,
			func(t *testing.T, r *rig) input.Result { return r.scanUID(0, "0000DEAD") }, hal.SoundRefused},
		{"route claimed", func(t *testing.T, r *rig) {
			r.ok(r.touchRoute("berlin--frankfurt--2"))
			for _, c := range cards(t, "red1", "red2", "loco1") {
				r.ok(r.scanCard(0, c))
			}
		}, func(t *testing.T, r *rig) input.Result { return r.confirm(0) }, hal.SoundClaim},
		{"press refused", nil, func(t *testing.T, r *rig) input.Result { return r.confirm(1) }, 0},
		{"touch refused", nil, func(t *testing.T, r *rig) input.Result { return r.touch(hal.Nothing, "", 0) }, 0},
		{"touch accepted: a face-up card", nil, func(t *testing.T, r *rig) input.Result { return r.touch(hal.MarketSlot, "", 0) }, 0},
		{"device news", nil, func(t *testing.T, r *rig) input.Result {
			return r.do(hal.Status{Seat: 1, Device: hal.DeviceReader, State: hal.Offline, At: r.at()})
		}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newGame(t, 2, "europe", hands)
			if tc.setup != nil {
				tc.setup(t, r)
			}
			if got := tc.event(t, r).Sound; got != tc.want {
				t.Errorf("sound %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSoundOfTunnels: each card revealed for a tunnel sounds as a reveal;
// the reveal that claims a free tunnel sounds as a claim.
func TestSoundOfTunnels(t *testing.T) {
	r := tunnelGame(t)
	claimTunnel(t, r)
	var got []hal.Sound
	for _, c := range cards(t, "green9", "green10", "blue9") {
		res := r.scanCard(0, c)
		r.ok(res, engine.RevealCard)
		got = append(got, res.Sound)
	}
	if want := []hal.Sound{hal.SoundTunnel, hal.SoundTunnel, hal.SoundClaim}; !slices.Equal(got, want) {
		t.Errorf("sounds %v, want %v", got, want)
	}
}

// TestSoundsOfAWholeGame plays a bots' game through the table's events and
// the recording speaker: the last round and the end sound once each, the
// end last, and every claim sounds unless a louder event came with it.
func TestSoundsOfAWholeGame(t *testing.T) {
	r := newRig(t, 3, "europe")
	r.start(0)
	playBots(t, r, 5)
	played := r.speaker.Played()
	count := map[hal.Sound]int{}
	for _, s := range played {
		count[s]++
	}
	if count[hal.SoundLastRound] != 1 || count[hal.SoundEnd] != 1 || played[len(played)-1] != hal.SoundEnd {
		t.Errorf("last round sounded %d times, end %d times, the last sound %v; want once, once, the end",
			count[hal.SoundLastRound], count[hal.SoundEnd], played[len(played)-1])
	}
	routes := 0
	for _, o := range r.tb.View().Public.RouteOwner {
		if o >= 0 {
			routes++
		}
	}
	// At most two claims coincide with the last round or the end.
	if c := count[hal.SoundClaim]; c > routes || c < routes-2 {
		t.Errorf("%d claim sounds for %d routes claimed", c, routes)
	}
	if count[hal.SoundScan] == 0 || count[hal.SoundRefused] != 0 {
		t.Errorf("%d scans accepted and %d refused sounded; bots' scans are all accepted", count[hal.SoundScan], count[hal.SoundRefused])
	}
	t.Logf("sounds of the game: %v", count)
}

package input_test

import (
	"reflect"
	"strings"
	"testing"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// newsCase is a move played through the table and the announcement every
// seat must then read.
type newsCase struct {
	// name is the engine action kind the move ends with, and the variant.
	name string
	kind engine.ActionKind
	// play plays the move; the announcement is checked right after.
	play   func(t *testing.T) *rig
	key    string
	player int
	route  string // the route to pulse, "" for none
	city   string // the city to pulse, "" for none
	points int
	// args are arguments the announcement must carry (a dotted path for
	// nested Texts, see arg).
	args map[string]any
	// words are strings the English line must contain.
	words []string
}

// newsCases covers every kind of decision a player makes, the set-up's
// first tickets and each outcome of a tunnel.
func newsCases() []newsCase {
	return []newsCase{
		{
			name: "ChooseFirst", kind: engine.ChooseFirst,
			play: func(t *testing.T) *rig {
				r := newRig(t, 3, "europe")
				r.ok(r.key(1, input.KeyFirst))
				r.ok(r.confirm(1), engine.ChooseFirst)
				return r
			},
			key: "news.first_player", player: 1, words: []string{"Blue plays first"},
		},
		{
			name: "KeepTickets/setup", kind: engine.KeepTickets,
			play: func(t *testing.T) *rig {
				r := newRig(t, 2, "europe")
				r.start(0)
				r.setup(nil, nil) // every player keeps their 4 tickets
				return r
			},
			key: "news.first_tickets", player: 1, args: map[string]any{"Count": 4},
			words: []string{"Blue kept 4 destination tickets"},
		},
		{
			name: "DrawBlind", kind: engine.DrawBlind,
			play: func(t *testing.T) *rig {
				r := newGame(t, 2, "europe", nil)
				r.ok(r.touch(hal.DeckArea, "", 0))
				r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.DrawBlind, engine.RevealCard)
				r.ok(r.scanCard(0, cards(t, "red10")[0]), engine.DrawBlind, engine.RevealCard)
				return r
			},
			key: "news.drew_deck", player: 0, args: map[string]any{"Count": 2},
			words: []string{"Red drew 2 cards from the deck"},
		},
		{
			name: "DrawFaceUp", kind: engine.DrawFaceUp,
			play: func(t *testing.T) *rig {
				r := marketGame(t, "usa", nil, "loco1", "green5", "blue5", "orange5", "white5")
				r.ok(r.touch(hal.MarketSlot, "", 1), engine.DrawFaceUp)
				r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.RevealCard) // refill
				r.ok(r.scanCard(0, cards(t, "black9")[0]), engine.DrawBlind, engine.RevealCard)
				return r
			},
			key: "news.drew", player: 0,
			args:  map[string]any{"Count": 2, "Taken.A.Color": input.Text{Key: "color.green", Args: map[string]any{"Count": 1}}, "Taken.B": input.Text{Key: "news.taken_deck"}},
			words: []string{"Red drew 2 cards: a face-up green card and one from the deck"},
		},
		{
			name: "DrawFaceUp/locomotive", kind: engine.DrawFaceUp,
			play: func(t *testing.T) *rig {
				r := marketGame(t, "usa", nil, "loco1", "green5", "blue5", "orange5", "white5")
				r.ok(r.touch(hal.MarketSlot, "", 0), engine.DrawFaceUp)
				return r
			},
			key: "news.drew", player: 0, args: map[string]any{"Count": 1},
			words: []string{"Red drew 1 card: a face-up locomotive card"},
		},
		{
			name: "ClaimRoute", kind: engine.ClaimRoute,
			play: func(t *testing.T) *rig {
				r := newGame(t, 2, "europe", map[int][]engine.CardID{0: cards(t, "red1", "red2", "loco1", "blue1")})
				r.ok(r.touchRoute("berlin--frankfurt--2"))
				for _, c := range cards(t, "red1", "red2", "loco1") {
					r.ok(r.scanCard(0, c))
				}
				r.ok(r.confirm(0), engine.ClaimRoute)
				return r
			},
			key: "news.claimed", player: 0, route: "berlin--frankfurt--2", points: 4,
			words: []string{"Red claimed Berlin – Frankfurt, +4"},
		},
		{
			name: "ClaimRoute/tunnel", kind: engine.ClaimRoute,
			play: func(t *testing.T) *rig {
				r := tunnelGame(t)
				claimTunnel(t, r)
				return r
			},
			key: "news.tunnel_tried", player: 0, route: "erzurum--sochi--1",
			words: []string{"Red tries to claim the tunnel Erzurum – Sochi"},
		},
		{
			name: "RevealCard/tunnel_cost", kind: engine.RevealCard,
			play: func(t *testing.T) *rig {
				r := tunnelGame(t)
				claimTunnel(t, r)
				for _, c := range cards(t, "red9", "loco9", "green10") {
					r.ok(r.scanCard(0, c), engine.RevealCard)
				}
				return r
			},
			key: "news.tunnel_cost", player: 0, route: "erzurum--sochi--1", args: map[string]any{"Count": 2},
			words: []string{"Red must pay 2 more cards or withdraw"},
		},
		{
			name: "PayTunnel", kind: engine.PayTunnel,
			play: func(t *testing.T) *rig {
				r := tunnelGame(t)
				resolveTunnel(t, r, "paid")
				return r
			},
			key: "news.tunnel_claimed", player: 0, route: "erzurum--sochi--1", points: 4, args: map[string]any{"Count": 1},
			words: []string{"Red claimed the tunnel Erzurum – Sochi with 1 extra card, +4"},
		},
		{
			name: "RevealCard/tunnel_free", kind: engine.RevealCard,
			play: func(t *testing.T) *rig {
				r := tunnelGame(t)
				resolveTunnel(t, r, "free")
				return r
			},
			key: "news.tunnel_claimed_free", player: 0, route: "erzurum--sochi--1", points: 4,
			words: []string{"at no extra cost, +4"},
		},
		{
			name: "WithdrawTunnel", kind: engine.WithdrawTunnel,
			play: func(t *testing.T) *rig {
				r := tunnelGame(t)
				resolveTunnel(t, r, "withdrawn")
				return r
			},
			key: "news.tunnel_withdrawn", player: 0, route: "erzurum--sochi--1",
			words: []string{"Red withdrew from the tunnel Erzurum – Sochi"},
		},
		{
			name: "BuildStation", kind: engine.BuildStation,
			play: func(t *testing.T) *rig {
				r := newGame(t, 2, "europe", map[int][]engine.CardID{0: cards(t, "red1", "red2", "loco1", "blue1")})
				r.ok(r.touchCity("wien"))
				r.ok(r.scanCard(0, cards(t, "blue1")[0]))
				r.ok(r.confirm(0), engine.BuildStation)
				return r
			},
			key: "news.station", player: 0, city: "wien",
			words: []string{"Red built a station in Wien"},
		},
		{
			name: "DrawTickets", kind: engine.DrawTickets,
			play: func(t *testing.T) *rig {
				r := newGame(t, 2, "europe", nil)
				r.ok(r.touch(hal.TicketDeck, "", 0))
				r.ok(r.scanTicket(0, nextTicket(t, r, engine.NewDrawTickets())), engine.DrawTickets, engine.RevealTicket)
				return r
			},
			key: "news.drawing_tickets", player: 0,
			words: []string{"Red is drawing destination tickets"},
		},
		{
			name: "KeepTickets", kind: engine.KeepTickets,
			play: func(t *testing.T) *rig {
				r := newGame(t, 2, "europe", nil)
				r.ok(r.touch(hal.TicketDeck, "", 0))
				r.ok(r.scanTicket(0, nextTicket(t, r, engine.NewDrawTickets())), engine.DrawTickets, engine.RevealTicket)
				for r.game().Waiting().Need == engine.NeedTicket {
					r.ok(r.scanTicket(0, nextTicket(t, r)), engine.RevealTicket)
				}
				r.ok(r.scanTicket(0, r.game().DrawnTickets(0).IDs()[0]))
				r.ok(r.confirm(0), engine.KeepTickets)
				return r
			},
			key: "news.tickets_kept", player: 0, args: map[string]any{"Count": 2, "Tickets.Count": 3},
			words: []string{"Red drew 3 tickets and kept 2"},
		},
		{
			name: "Pass", kind: engine.Pass,
			play: func(t *testing.T) *rig {
				s := stuckGame(t, 33)
				if s == nil {
					t.Fatal("player 0 never got stuck")
				}
				r := resumeAt(t, s)
				r.ok(r.confirm(0), engine.Pass)
				return r
			},
			key: "news.passed", player: 0,
			words: []string{"Red could do nothing and passed"},
		},
	}
}

// nextTicket returns the ticket that comes off the pile next, after the
// decisions before (none: the table already waits for it).
func nextTicket(t *testing.T, r *rig, before ...engine.Action) engine.TicketID {
	t.Helper()
	s := r.game()
	for _, a := range before {
		var err error
		if s, _, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range s.LegalActions() {
		if a.Kind == engine.RevealTicket {
			return a.Ticket
		}
	}
	t.Fatalf("no ticket to reveal: the table waits for %+v", s.Waiting())
	return 0
}

// TestEveryMoveAnnounced plays each kind of move and checks the
// announcement of the View, which the display draws facing every seat:
// its words in every language, the player, the route or city to pulse and
// the points that rise on the score track.
func TestEveryMoveAnnounced(t *testing.T) {
	covered := map[engine.ActionKind]bool{}
	for _, tc := range newsCases() {
		covered[tc.kind] = true
		t.Run(tc.name, func(t *testing.T) {
			r := tc.play(t)
			v := r.tb.View()
			a := v.Announce
			if a.Text.Key != tc.key {
				t.Fatalf("announcement %q %v, want %q", a.Text.Key, a.Text.Args, tc.key)
			}
			if !a.At.Equal(r.now) {
				t.Errorf("announced at %v, want the time of the move %v", a.At, r.now)
			}
			wantRoute, wantCity := -1, -1
			if tc.route != "" {
				wantRoute = r.route(tc.route)
			}
			if tc.city != "" {
				wantCity, _ = v.Map.City(tc.city)
			}
			if a.Player != tc.player || a.Route != wantRoute || a.City != wantCity || a.Points != tc.points {
				t.Errorf("announcement player %d route %d city %d points %d, want %d %d %d %d",
					a.Player, a.Route, a.City, a.Points, tc.player, wantRoute, wantCity, tc.points)
			}
			if want := r.tb.View().Seats[r.tb.SeatOf(tc.player)].Name; !reflect.DeepEqual(a.Text.Args["Player"], want) {
				t.Errorf("announcement names %v, want the player %v", a.Text.Args["Player"], want)
			}
			for path, want := range tc.args {
				if got := arg(a.Text, path); !reflect.DeepEqual(got, want) {
					t.Errorf("argument %s = %v, want %v", path, got, want)
				}
			}
			for _, l := range msg.Langs() {
				words := r.cat.Text(l, toMsg(a.Text))
				if words == a.Text.Key || words == "" || strings.Contains(words, "<no value>") || strings.Contains(words, "{{") {
					t.Errorf("%s: announcement renders as %q", l, words)
				}
				if tc.route != "" {
					rt := &v.Map.Routes[wantRoute]
					for _, c := range []int{rt.A, rt.B} {
						if name := v.Map.Cities[c].Name; !strings.Contains(words, name) {
							t.Errorf("%s: %q does not name %s", l, words, name)
						}
					}
				}
				if tc.city != "" && !strings.Contains(words, v.Map.Cities[wantCity].Name) {
					t.Errorf("%s: %q does not name the city", l, words)
				}
				t.Logf("%s: %s", l, words)
			}
			en := r.cat.Text(msg.EN, toMsg(a.Text))
			for _, w := range tc.words {
				if !strings.Contains(en, w) {
					t.Errorf("announcement %q, want it to say %q", en, w)
				}
			}
		})
	}
	for k := engine.ChooseFirst; k <= engine.Pass; k++ {
		if !covered[k] {
			t.Errorf("no announcement case for the decision %s", k)
		}
	}
}

// TestAnnouncementHidesBlindCards: a blind draw is announced by number
// only; the card's colour never reaches the line every seat reads.
func TestAnnouncementHidesBlindCards(t *testing.T) {
	r := marketGame(t, "usa", nil, "loco1", "green5", "blue5", "orange5", "white5")
	r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.touch(hal.MarketSlot, "", 2), engine.DrawFaceUp)
	a := r.tb.View().Announce
	if a.Text.Key != "news.drew" {
		t.Fatalf("announcement %q, want news.drew", a.Text.Key)
	}
	if got := arg(a.Text, "Taken.A"); !reflect.DeepEqual(got, input.Text{Key: "news.taken_deck"}) {
		t.Errorf("first card told as %v, want only that it came from the deck", got)
	}
	for _, l := range msg.Langs() {
		words := r.cat.Text(l, toMsg(a.Text))
		red := r.cat.Text(l, toMsg(input.CardColorText(engine.Red, 1)))
		if strings.Contains(words, red) {
			t.Errorf("%s: %q names the blind card's colour %q", l, words, red)
		}
	}
	// The next turn starts a new count.
	r.ok(r.scanCard(0, cards(t, "yellow9")[0]), engine.RevealCard) // refill
	r.ok(r.scanCard(1, cards(t, "black9")[0]), engine.DrawBlind, engine.RevealCard)
	if a := r.tb.View().Announce; a.Text.Key != "news.drew_deck" || a.Text.Args["Count"] != 1 || a.Player != 1 {
		t.Errorf("next player's first card: %q %v by %d, want 1 card from the deck by player 1", a.Text.Key, a.Text.Args, a.Player)
	}
}

// TestAnnouncementLastsUntilTheNextMove: refusals, gestures and device
// news do not replace the last move.
func TestAnnouncementLastsUntilTheNextMove(t *testing.T) {
	r := newGame(t, 2, "europe", map[int][]engine.CardID{0: cards(t, "red1", "red2", "loco1", "blue1")})
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	for _, c := range cards(t, "red1", "red2", "loco1") {
		r.ok(r.scanCard(0, c))
	}
	r.ok(r.confirm(0), engine.ClaimRoute)
	want := r.tb.View().Announce
	r.refused(r.confirm(0), 0, "refuse.not_your_turn")
	r.refused(r.scanCard(0, r.deckCards(1, notLoco)[0]), 0, "refuse.wrong_reader")
	r.ok(r.touchRoute("kyiv--smolensk--1"))
	r.ok(r.cancel(1))
	r.do(hal.Status{Seat: 1, Device: hal.DeviceButtons, State: hal.Offline, At: r.at()})
	if got := r.tb.View().Announce; !reflect.DeepEqual(got, want) {
		t.Errorf("announcement %+v, want the claim %+v still", got, want)
	}
}

// TestRefusalClearsOnNextAcceptedScan: a refusal stays on the seat's panel
// until that seat's next scan is accepted, whether the scan applies a move
// or only adds a card to a payment; another seat's refusal stays.
func TestRefusalClearsOnNextAcceptedScan(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "red2", "loco1", "blue1"),
		1: cards(t, "red3", "red4", "blue2", "green1"),
	}
	r := newGame(t, 2, "europe", hands)
	notice := func(seat int) input.Notice { return r.tb.View().Seats[seat].Notice }

	r.refused(r.confirm(1), 1, "refuse.not_your_turn")
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	r.refused(r.scanCard(0, cards(t, "blue1")[0]), 0, "rule.wrong_color")
	r.refused(r.scanCard(0, cards(t, "red3")[0]), 0, "rule.not_in_hand")
	// Refused presses and touches leave it.
	r.refused(r.confirm(0), 0, "rule.no_cards")
	r.ok(r.scanCard(0, cards(t, "red1")[0])) // a card of the payment: accepted
	if n := notice(0); !n.Text.IsZero() {
		t.Errorf("seat 0 after an accepted scan shows %q (refused %v), want nothing", n.Text.Key, n.Refused)
	}
	if n := notice(1); n.Text.Key != "refuse.not_your_turn" || !n.Refused {
		t.Errorf("seat 1 shows %q, want its own refusal still", n.Text.Key)
	}
	r.ok(r.cancel(0))

	// A scan that applies a move clears it too.
	r.refused(r.scanCard(0, hands[1][0]), 0, "rule.card_in_hand")
	r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	if n := notice(0); !n.Text.IsZero() {
		t.Errorf("seat 0 after an accepted draw shows %q, want nothing", n.Text.Key)
	}
	// A refused scan by the seat replaces, never clears.
	r.refused(r.scanCard(0, hands[1][0]), 0, "rule.card_in_hand")
	r.refused(r.scanTicket(0, 0), 0, "refuse.expected_card")
	// News is not a refusal: an accepted scan leaves it.
	r.do(hal.Status{Seat: 1, Device: hal.DeviceButtons, State: hal.Offline, At: r.at()})
	r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	if n := notice(0); n.Text.Key != "status.buttons_offline" {
		t.Errorf("seat 0 shows %q, want the news about seat 2's buttons kept", n.Text.Key)
	}
}

// TestTunnelStaysUntilNextPlayerActs: after a tunnel is resolved, its
// revealed cards stay on the screen while the next player thinks (touches,
// refusals, device news) and go when that player's move is applied.
func TestTunnelStaysUntilNextPlayerActs(t *testing.T) {
	for _, how := range []string{"free", "paid", "withdrawn"} {
		t.Run(how, func(t *testing.T) {
			r := tunnelGame(t)
			resolveTunnel(t, r, how)
			want := r.tb.View().Tunnel
			if want == nil || !want.Done || len(want.Revealed) != 3 {
				t.Fatalf("tunnel %+v after it was resolved, want it done with 3 cards revealed", want)
			}
			r.refused(r.scanCard(0, r.deckCards(1, notLoco)[0]), 0, "refuse.wrong_reader")
			r.refused(r.confirm(0), 0, "refuse.not_your_turn")
			r.ok(r.touchRoute("danzig--warszawa--1"))
			r.ok(r.cancel(1))
			r.ok(r.touch(hal.DeckArea, "", 0))
			r.refused(r.scanCard(1, r.game().Hand(0).IDs()[0]), 1, "rule.card_in_hand")
			r.do(hal.Status{Seat: 0, Device: hal.DeviceReader, State: hal.Offline, At: r.at()})
			if got := r.tb.View().Tunnel; !reflect.DeepEqual(got, want) {
				t.Fatalf("tunnel %+v before the next player acted, want %+v", got, want)
			}
			r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
			if got := r.tb.View().Tunnel; got != nil {
				t.Errorf("tunnel %+v after the next player drew, want none", got)
			}
		})
	}
}

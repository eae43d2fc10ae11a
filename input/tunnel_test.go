package input_test

import (
	"reflect"
	"strings"
	"testing"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// tunnelGame returns a 2-player Europe game where player 0 holds red1-red3
// and loco1 and, after one blind draw each, red4 too; player 0 to play.
func tunnelGame(t *testing.T) *rig {
	t.Helper()
	hands := map[int][]engine.CardID{0: cards(t, "red1", "red2", "red3", "loco1")}
	r := newGame(t, 2, "europe", hands)
	r.ok(r.scanCard(0, cards(t, "red4")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(0, cards(t, "white9")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(1, cards(t, "white10")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(1, cards(t, "white11")[0]), engine.DrawBlind, engine.RevealCard)
	return r
}

// claimTunnel claims erzurum--sochi (3 red, tunnel) with red1-red3.
func claimTunnel(t *testing.T, r *rig) int {
	t.Helper()
	route := r.route("erzurum--sochi--1")
	r.ok(r.touchRoute("erzurum--sochi--1"))
	if c := r.tb.View().Claim; !c.Tunnel {
		t.Errorf("claim %+v: not marked as a tunnel", c)
	}
	for _, c := range cards(t, "red1", "red2", "red3") {
		r.ok(r.scanCard(0, c))
	}
	r.ok(r.confirm(0), engine.ClaimRoute)
	return route
}

func TestTunnelPaid(t *testing.T) {
	r := tunnelGame(t)
	route := claimTunnel(t, r)
	sv := r.prompt(0, "prompt.tunnel_reveal")
	if sv.Prompt.Args["Count"] != 3 {
		t.Errorf("reveal %v cards, want 3", sv.Prompt.Args["Count"])
	}
	v := r.tb.View()
	if v.Tunnel == nil || v.Tunnel.Route != route || v.Tunnel.ToReveal != 3 || v.Tunnel.Color != maps.Red || v.SelectedRoute != route {
		t.Fatalf("tunnel %+v selected %d", v.Tunnel, v.SelectedRoute)
	}
	if len(v.Public.TunnelPlayed) != 3 {
		t.Errorf("%d cards laid on the tunnel, want 3 (public by the rules)", len(v.Public.TunnelPlayed))
	}
	r.refused(r.scanCard(1, cards(t, "red9")[0]), 1, "refuse.wrong_reader")
	r.refused(r.scanCard(0, cards(t, "red1")[0]), 0, "rule.card_played")
	r.refused(r.scanCard(0, cards(t, "red4")[0]), 0, "rule.card_in_hand")
	r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.RevealCard)
	r.refused(r.scanCard(0, cards(t, "red9")[0]), 0, "rule.card_in_tunnel")
	r.ok(r.scanCard(0, cards(t, "green9")[0]), engine.RevealCard)
	res := r.scanCard(0, cards(t, "green10")[0])
	r.ok(res, engine.RevealCard)
	// One red revealed: one more red card or locomotive.
	sv = r.prompt(0, "prompt.tunnel_extra", "prompt.scan_progress")
	if sv.Prompt.Args["Count"] != 1 || arg(sv.Prompt, "Color.Count") != 1 {
		t.Errorf("extra %v, want 1 red", sv.Prompt.Args)
	}
	if tv := r.tb.View().Tunnel; tv.Extra != 1 || len(tv.Revealed) != 3 || tv.ToReveal != 0 {
		t.Errorf("tunnel %+v, want 3 revealed, 1 extra", tv)
	}
	r.refused(r.confirm(0), 0, "rule.no_cards")
	r.refused(r.scanCard(0, cards(t, "white9")[0]), 0, "rule.wrong_color")
	r.ok(r.scanCard(0, cards(t, "red4")[0]))
	r.prompt(0, "prompt.tunnel_pay_confirm", "prompt.scan_progress")
	if tv := r.tb.View().Tunnel; tv.Have != 1 {
		t.Errorf("tunnel payment %d cards, want 1", tv.Have)
	}
	r.refused(r.scanCard(0, cards(t, "loco1")[0]), 0, "refuse.enough_cards")
	r.ok(r.confirm(0), engine.PayTunnel)
	if o := r.game().RouteOwner(route); o != 0 {
		t.Fatalf("tunnel owner %d, want 0", o)
	}
	if tv := r.tb.View().Tunnel; tv == nil || !tv.Done || !tv.Claimed {
		t.Errorf("tunnel %+v after paying, want done and claimed", tv)
	}
	// The next action clears it.
	r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	if tv := r.tb.View().Tunnel; tv != nil {
		t.Errorf("tunnel %+v still shown after the next action", tv)
	}
}

func TestTunnelWithdrawn(t *testing.T) {
	r := tunnelGame(t)
	route := claimTunnel(t, r)
	for _, c := range cards(t, "loco9", "loco10", "red9") {
		r.ok(r.scanCard(0, c), engine.RevealCard)
	}
	sv := r.prompt(0, "prompt.tunnel_extra")
	if sv.Prompt.Args["Count"] != 3 {
		t.Errorf("extra %v, want 3", sv.Prompt.Args)
	}
	r.ok(r.scanCard(0, cards(t, "red4")[0]))
	r.ok(r.cancel(0), engine.WithdrawTunnel)
	if r.game().RouteOwner(route) != -1 || r.game().Hand(0).Len() != 6 {
		t.Errorf("withdrawn: owner %d, hand %d cards; want free and 6 cards back", r.game().RouteOwner(route), r.game().Hand(0).Len())
	}
	if tv := r.tb.View().Tunnel; tv == nil || !tv.Done || tv.Claimed {
		t.Errorf("tunnel %+v after withdrawing, want done, not claimed", tv)
	}
	r.prompt(1, "prompt.your_turn_stations")
}

func TestTunnelFree(t *testing.T) {
	r := tunnelGame(t)
	route := claimTunnel(t, r)
	r.ok(r.scanCard(0, cards(t, "green9")[0]), engine.RevealCard)
	r.ok(r.scanCard(0, cards(t, "green10")[0]), engine.RevealCard)
	res := r.scanCard(0, cards(t, "blue9")[0])
	r.ok(res, engine.RevealCard)
	var free []hal.Seat
	for _, n := range res.Notices {
		if n.Text.Key == "prompt.tunnel_free" {
			free = append(free, n.Seat)
		}
	}
	if len(free) != 1 || free[0] != 0 {
		t.Errorf("free tunnel told to seats %v, want seat 0 only", free)
	}
	if r.game().RouteOwner(route) != 0 {
		t.Errorf("free tunnel not claimed")
	}
	if tv := r.tb.View().Tunnel; tv == nil || !tv.Claimed || len(tv.Revealed) != 3 || tv.Extra != 0 {
		t.Errorf("tunnel %+v, want claimed with its 3 revealed cards shown", tv)
	}
}

func TestTicketsMidGame(t *testing.T) {
	r := newGame(t, 2, "usa", nil)
	r.ok(r.touch(hal.TicketDeck, "", 0))
	sv := r.prompt(0, "prompt.scan_drawn_tickets")
	if sv.Prompt.Args["Count"] != 3 {
		t.Errorf("scan %v tickets, want 3", sv.Prompt.Args["Count"])
	}
	r.ok(r.cancel(0))
	r.prompt(0, "prompt.your_turn")
	r.ok(r.touch(hal.TicketDeck, "", 0))
	r.refused(r.confirm(0), 0, "refuse.scan_tickets")
	r.refused(r.scanCard(0, r.deckCards(1, notLoco)[0]), 0, "refuse.expected_ticket")
	s, _, err := r.game().Apply(engine.NewDrawTickets())
	if err != nil {
		t.Fatal(err)
	}
	first := s.LegalActions()[0].Ticket
	drawn := []engine.TicketID{first}
	r.ok(r.scanTicket(0, first), engine.DrawTickets, engine.RevealTicket)
	for range 2 {
		tk := r.game().LegalActions()[0].Ticket
		drawn = append(drawn, tk)
		r.ok(r.scanTicket(0, tk), engine.RevealTicket)
	}
	sv = r.prompt(0, "prompt.keep_tickets")
	if sv.Prompt.Args["Keep"] != 1 {
		t.Errorf("keep at least %v, want 1", sv.Prompt.Args["Keep"])
	}
	r.ok(r.scanTicket(0, drawn[0]))
	r.ok(r.scanTicket(0, drawn[1]))
	r.refused(r.scanTicket(0, drawn[2]), 0, "rule.keep_too_few")
	kept := r.game().KeptTickets(0).Len()
	r.ok(r.confirm(0), engine.KeepTickets)
	if got := r.game().KeptTickets(0).Len(); got != kept+1 {
		t.Errorf("kept %d tickets, want %d", got, kept+1)
	}
	// Player 1 scans a ticket straight off the deck.
	s, _, _ = r.game().Apply(engine.NewDrawTickets())
	r.ok(r.scanTicket(1, s.LegalActions()[0].Ticket), engine.DrawTickets, engine.RevealTicket)
}

func TestStation(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "blue1", "blue2", "loco1"),
		1: cards(t, "red2", "red3", "blue3", "green1"),
	}
	r := newGame(t, 2, "europe", hands)
	berlin, _ := r.tb.View().Map.City("berlin")
	r.ok(r.touchCity("berlin"))
	sv := r.prompt(0, "prompt.build_station", "prompt.claim_progress_any")
	if sv.Prompt.Args["City"] != "Berlin" || sv.Prompt.Args["Count"] != 1 {
		t.Errorf("station prompt %v, want Berlin, 1 card", sv.Prompt.Args)
	}
	if v := r.tb.View(); v.Station == nil || v.Station.City != berlin || v.Station.Need != 1 || v.SelectedCity != berlin {
		t.Errorf("station %+v selected %d", v.Station, v.SelectedCity)
	}
	r.ok(r.cancel(0))
	if v := r.tb.View(); v.Station != nil || v.SelectedCity != -1 {
		t.Errorf("after Cancel: station %+v", v.Station)
	}
	r.ok(r.touchCity("berlin"))
	r.refused(r.scanCard(0, cards(t, "red2")[0]), 0, "rule.not_in_hand")
	r.ok(r.scanCard(0, cards(t, "red1")[0]))
	r.prompt(0, "prompt.station_confirm")
	r.refused(r.scanCard(0, cards(t, "blue1")[0]), 0, "refuse.enough_cards")
	r.ok(r.confirm(0), engine.BuildStation)
	if o := r.game().StationOwner(berlin); o != 0 {
		t.Fatalf("station owner %d, want 0", o)
	}
	// Player 1: Berlin is taken; Wien costs 1.
	res := r.touchCity("berlin")
	r.refused(res, 1, "rule.station_taken")
	if res.Notices[0].Text.Args["City"] != "Berlin" {
		t.Errorf("station taken in %v, want Berlin", res.Notices[0].Text.Args)
	}
	r.ok(r.touchCity("wien"))
	r.ok(r.scanCard(1, cards(t, "green1")[0]))
	r.ok(r.confirm(1), engine.BuildStation)
	// Player 0's second station costs 2 of one colour.
	r.ok(r.touchCity("paris"))
	sv = r.prompt(0, "prompt.build_station")
	if sv.Prompt.Args["Count"] != 2 {
		t.Errorf("second station costs %v, want 2", sv.Prompt.Args["Count"])
	}
	r.ok(r.scanCard(0, cards(t, "blue1")[0]))
	r.ok(r.cancel(0))
	r.ok(r.touchCity("paris"))
	r.ok(r.scanCard(0, cards(t, "loco1")[0]))
	r.ok(r.scanCard(0, cards(t, "blue2")[0]))
	r.ok(r.confirm(0), engine.BuildStation)
	if v := r.tb.View(); v.Public.Players[0].StationsLeft != 1 {
		t.Errorf("stations left %d, want 1", v.Public.Players[0].StationsLeft)
	}
}

// resolveTunnel claims the tunnel of tunnelGame for player 0 and resolves
// it the given way: "free" (no extra cost), "paid" (one extra red card) or
// "withdrawn"; player 1 is then to play.
func resolveTunnel(t *testing.T, r *rig, how string) {
	t.Helper()
	claimTunnel(t, r)
	revealed := map[string][]string{
		"free":      {"green9", "green10", "blue9"},
		"paid":      {"red9", "green9", "green10"},
		"withdrawn": {"red9", "green9", "green10"},
	}[how]
	for _, c := range cards(t, revealed...) {
		r.ok(r.scanCard(0, c), engine.RevealCard)
	}
	switch how {
	case "paid":
		r.ok(r.scanCard(0, cards(t, "red4")[0]))
		r.ok(r.confirm(0), engine.PayTunnel)
	case "withdrawn":
		r.ok(r.cancel(0), engine.WithdrawTunnel)
	}
	if w := r.game().Waiting(); w.Player != 1 || w.Need != engine.NeedTurn {
		t.Fatalf("after the tunnel (%s) the table waits for %+v, want player 1's turn", how, w)
	}
}

func TestTunnelResolvedThenNextPlayerSelects(t *testing.T) {
	for _, how := range []string{"free", "paid", "withdrawn"} {
		t.Run(how, func(t *testing.T) {
			r := tunnelGame(t)
			resolveTunnel(t, r, how)
			next := r.route("danzig--warszawa--1")
			r.ok(r.touchRoute("danzig--warszawa--1"))
			v := r.tb.View()
			if v.SelectedRoute != next {
				t.Errorf("selected route %d, want %d (the route player 1 touched)", v.SelectedRoute, next)
			}
			if v.Claim == nil || v.Claim.Route != next {
				t.Errorf("claim %+v, want one on route %d", v.Claim, next)
			}
			// Cancel drops the claim: nothing is selected any more, the
			// finished tunnel included.
			r.ok(r.cancel(1))
			if v := r.tb.View(); v.SelectedRoute != -1 {
				t.Errorf("after Cancel: selected route %d, want none", v.SelectedRoute)
			}
		})
	}
}

func TestTunnelResolvedThenNextPlayerTouchesCity(t *testing.T) {
	r := tunnelGame(t)
	resolveTunnel(t, r, "free")
	berlin, _ := r.tb.View().Map.City("berlin")
	r.ok(r.touchCity("berlin"))
	if v := r.tb.View(); v.SelectedCity != berlin || v.SelectedRoute != -1 {
		t.Errorf("selected city %d route %d, want city %d and no route", v.SelectedCity, v.SelectedRoute, berlin)
	}
}

// TestTunnelOutcomeNotices checks who is told what when a tunnel resolves:
// words addressed to the claimer ("the route is yours") reach the
// claimer's seat only; every other seat with a player reads neutral news
// naming the claimer and the route.
func TestTunnelOutcomeNotices(t *testing.T) {
	tests := []struct {
		how     string
		claimer string // the claimer's notice key, "" for none
		others  string // the other seats' notice key
	}{
		{"free", "prompt.tunnel_free", "prompt.tunnel_claimed"},
		{"paid", "", "prompt.tunnel_claimed"},
		{"withdrawn", "", "prompt.tunnel_withdrawn"},
	}
	for _, tt := range tests {
		t.Run(tt.how, func(t *testing.T) {
			r := tunnelGame(t)
			before := r.tb.View().Seats[0].Notice
			resolveTunnel(t, r, tt.how)
			v := r.tb.View()
			got := v.Seats[0].Notice
			if tt.claimer == "" {
				if !reflect.DeepEqual(got, before) {
					t.Errorf("claimer's notice %+v, want none new", got)
				}
			} else if got.Text.Key != tt.claimer || got.Seat != 0 {
				t.Errorf("claimer's notice %q at seat %d, want %q at seat 0", got.Text.Key, got.Seat, tt.claimer)
			}
			n := v.Seats[1].Notice
			if n.Text.Key != tt.others || n.Seat != 1 || n.Refused {
				t.Fatalf("seat 1 notice %q (seat %d, refused %v), want news %q for seat 1", n.Text.Key, n.Seat, n.Refused, tt.others)
			}
			if !reflect.DeepEqual(n.Text.Args["Player"], input.Red.Name()) || n.Text.Args["From"] != "Erzurum" || n.Text.Args["To"] != "Sochi" {
				t.Errorf("seat 1 news args %v, want Red, Erzurum, Sochi", n.Text.Args)
			}
			words := r.cat.Text(msg.EN, toMsg(n.Text))
			if strings.Contains(strings.ToLower(words), "you") {
				t.Errorf("seat 1 reads %q: words addressed to the claimer", words)
			}
		})
	}
}

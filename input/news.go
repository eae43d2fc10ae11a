package input

import (
	"slices"
	"time"

	"ttr/engine"
	"ttr/maps"
)

// drawnCard is one train card the current player drew this turn: its
// colour when it was taken face up (public), nothing when it came blind
// from the deck (hidden).
type drawnCard struct {
	faceUp bool
	color  engine.CardColor
}

// tell makes the announcement every seat reads: the move of player p, the
// route or city to pulse (-1 for none) and the points it scored.
func (t *Table) tell(text Text, p, route, city, points int, at time.Time) {
	t.announce = Announcement{Text: text, Player: p, Route: route, City: city, Points: points, At: at}
	// The short log: a draw's second card updates its line.
	if n := len(t.moves); n > 0 && t.moves[n-1].Player == p && isDraw(t.moves[n-1].Text.Key) && isDraw(text.Key) {
		t.moves[n-1] = t.announce
		return
	}
	t.moves = append(t.moves, t.announce)
	if len(t.moves) > MovesShown {
		t.moves = slices.Delete(t.moves, 0, len(t.moves)-MovesShown)
	}
}

// MovesShown is how many of the last moves View.Moves carries.
const MovesShown = 8

// isDraw reports whether key announces cards drawn this turn.
func isDraw(key string) bool { return key == "news.drew" || key == "news.drew_deck" }

// announceAction announces the decisions of player p whose engine events
// come later or never: a ticket draw (the tickets are scanned next) and a
// tunnel tried (its cards are revealed next).
func (t *Table) announceAction(p int, a engine.Action, at time.Time) {
	switch a.Kind {
	case engine.DrawTickets:
		t.tell(Text{Key: "news.drawing_tickets", Args: map[string]any{"Player": t.name(p)}}, p, -1, -1, 0, at)
	case engine.ClaimRoute:
		if a.Route >= 0 && a.Route < len(t.m.Routes) && t.m.Routes[a.Route].Kind == maps.Tunnel {
			t.tell(t.routeText("news.tunnel_tried", p, a.Route, nil), p, a.Route, -1, 0, at)
		}
	}
}

// announceEvent announces the move an engine event tells: claims, stations,
// cards and tickets drawn, tunnels, passes. It runs before event updates the
// table, so that the tunnel's extra cost is still known when it resolves.
// A blind-drawn card is only counted: its identity never reaches the
// announcement.
func (t *Table) announceEvent(e engine.Event, at time.Time) {
	p := e.Player
	switch e.Kind {
	case engine.EvFirstPlayer:
		t.tell(Text{Key: "news.first_player", Args: map[string]any{"Player": t.name(p)}}, p, -1, -1, 0, at)
	case engine.EvFaceUpTaken:
		t.drawn = append(t.drawn, drawnCard{faceUp: true, color: e.Card.Color()})
		t.tell(t.drawText(p), p, -1, -1, 0, at)
	case engine.EvBlindDrawn:
		t.drawn = append(t.drawn, drawnCard{})
		t.tell(t.drawText(p), p, -1, -1, 0, at)
	case engine.EvTurnEnded:
		t.drawn = t.drawn[:0]
	case engine.EvRouteClaimed:
		text := t.routeText("news.claimed", p, e.Route, map[string]any{"Gain": e.Count})
		if t.tunnel != nil && t.tunnel.Route == e.Route {
			text = t.routeText("news.tunnel_claimed_free", p, e.Route, map[string]any{"Gain": e.Count})
			if x := t.tunnel.Extra; x > 0 {
				text = t.routeText("news.tunnel_claimed", p, e.Route, count(x, "Gain", e.Count))
			}
		}
		t.tell(text, p, e.Route, -1, e.Count, at)
	case engine.EvTunnelCost:
		t.tell(t.routeText("news.tunnel_cost", p, e.Route, count(e.Count)), p, e.Route, -1, 0, at)
	case engine.EvTunnelWithdrawn:
		t.tell(t.routeText("news.tunnel_withdrawn", p, e.Route, nil), p, e.Route, -1, 0, at)
	case engine.EvStationBuilt:
		t.tell(Text{Key: "news.station", Args: map[string]any{"Player": t.name(p), "City": t.m.Cities[e.City].Name}}, p, -1, e.City, 0, at)
	case engine.EvTicketsKept:
		// The table is still in set-up while the first tickets are kept
		// (updateMode runs after the events).
		if t.mode == ModeSetup {
			t.tell(Text{Key: "news.first_tickets", Args: count(e.Count, "Player", t.name(p))}, p, -1, -1, 0, at)
			break
		}
		drawn := e.Count + e.Other
		t.tell(Text{Key: "news.tickets_kept", Args: count(e.Count, "Player", t.name(p),
			"Tickets", Text{Key: "count.tickets", Args: count(drawn)})}, p, -1, -1, 0, at)
	case engine.EvPassed:
		t.tell(Text{Key: "news.passed", Args: map[string]any{"Player": t.name(p)}}, p, -1, -1, 0, at)
	}
}

// drawText is the announcement of the train cards player p drew this turn
// so far: how many, and which face-up colours were taken.
func (t *Table) drawText(p int) Text {
	n := len(t.drawn)
	items := make([]Text, 0, len(t.drawn))
	for _, d := range t.drawn {
		item := Text{Key: "news.taken_deck"}
		if d.faceUp {
			item = Text{Key: "news.taken_face_up", Args: map[string]any{"Color": CardColorText(d.color, 1)}}
		}
		items = append(items, item)
	}
	taken := List(items...)
	for _, d := range t.drawn {
		if d.faceUp {
			return Text{Key: "news.drew", Args: count(n, "Player", t.name(p), "Taken", taken)}
		}
	}
	return Text{Key: "news.drew_deck", Args: count(n, "Player", t.name(p))}
}

// routeText is the news key about player p and route rt, naming the player
// and the route's cities, with the extra arguments args.
func (t *Table) routeText(key string, p, rt int, args map[string]any) Text {
	route := &t.m.Routes[rt]
	out := map[string]any{"Player": t.name(p), "From": t.m.Cities[route.A].Name, "To": t.m.Cities[route.B].Name}
	for k, v := range args {
		out[k] = v
	}
	return Text{Key: key, Args: out}
}

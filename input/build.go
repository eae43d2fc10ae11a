package input

import (
	"slices"

	"ttr/engine"
	"ttr/engine/score"
	"ttr/hal"
	"ttr/maps"
)

// View returns what the screen shows now. Each call builds a new View that
// shares nothing the Table changes later. It depends on the Table's state
// alone (no clock), so that calls between two events return equal Views
// with the same Rev.
func (t *Table) View() View {
	v := View{
		Rev:           t.rev,
		Mode:          t.mode,
		Lang:          t.setup.Lang,
		Map:           t.m,
		SelectedRoute: -1,
		SelectedCity:  -1,
		Seats:         make([]SeatView, t.opts.Seats),
	}
	problem := t.startProblem()
	v.Start = StartView{
		Langs:   slices.Clone(t.opts.Langs),
		Lang:    t.setup.Lang,
		Maps:    maps.Maps(),
		Map:     t.setup.Map,
		Players: len(t.setup.Players()),
		First:   t.setup.First,
		Ready:   problem.IsZero(),
		Problem: problem,
	}
	for i := range v.Seats {
		st := t.setup.Seats[i]
		n := t.notices[i]
		n.Rule = nil // for logs: its parameters may name a card
		v.Seats[i] = SeatView{
			Seat:           hal.Seat(i),
			Playing:        st.Playing,
			Player:         t.player[i],
			Color:          st.Color,
			Name:           t.seatName(hal.Seat(i)),
			Typing:         t.Typing(hal.Seat(i)),
			Notice:         n,
			ReaderOffline:  t.readerOff[i] && !t.borrowing(hal.Seat(i)),
			ButtonsOffline: t.buttonsOff[i],
		}
	}
	if t.st == nil {
		t.rulesView(&v)
		return v
	}
	v.Announce = t.announce
	v.Moves = slices.Clone(t.moves)
	v.Public = t.st.Public()
	for p, seat := range t.seats {
		v.Scores = append(v.Scores, PlayerScore{
			Player: p, Seat: seat, Name: t.name(p), Color: t.setup.Seats[seat].Color, Score: v.Public.Players[p].Score,
		})
	}
	w := t.st.Waiting()
	for i := range v.Seats {
		sv := &v.Seats[i]
		if sv.Player < 0 {
			continue
		}
		if t.mode == ModeSetup {
			sv.Prompt, sv.Progress, sv.Current = t.setupPrompt(sv.Player, v.Public)
			if _, tickets, _ := t.setupWork(sv.Player); tickets.Need == engine.NeedKeep {
				sv.Keep = &KeepView{
					Player:   sv.Player,
					Drawn:    t.st.DrawnTickets(sv.Player).Len(),
					Keep:     tickets.Count,
					GiveBack: t.setupGive[sv.Player].Len(),
				}
			}
			continue
		}
		sv.Current = sv.Player == w.Player
		sv.Prompt, sv.Progress = t.prompt(sv.Player, w, v.Public)
	}
	t.readerPrompts(v.Seats)
	t.askPrompt(v.Seats)
	if t.mode == ModePlay || t.mode == ModeSetup {
		v.Undo = t.undoView()
		if t.asked == askAbandon {
			v.Abandon = &AbandonView{Seat: t.askSeat}
		}
	}
	v.Banner = t.banner(v.Public)
	for i, c := range v.Public.Market {
		v.Unavailable[i] = c == engine.NoCard || (w.Need == engine.NeedSecondCard && c.Color() == engine.Locomotive)
	}
	switch t.g {
	case gClaim:
		rt := &t.m.Routes[t.route]
		v.SelectedRoute = t.route
		v.Claim = &ClaimView{
			Route:           t.route,
			Color:           t.payColor(rt.Color),
			Need:            rt.Length,
			Have:            t.cards.Len(),
			Locomotives:     t.cards.Count(engine.Locomotive),
			NeedLocomotives: rt.Locomotives,
			Tunnel:          rt.Kind == maps.Tunnel,
		}
	case gStation:
		v.SelectedCity = t.city
		v.Station = &StationView{
			City:  t.city,
			Color: t.payColor(maps.Gray),
			Need:  t.st.StationCost(w.Player),
			Have:  t.cards.Len(),
		}
	}
	if t.tunnel != nil {
		tv := *t.tunnel
		tv.Revealed = slices.Clone(tv.Revealed)
		if w.Need == engine.NeedTunnel {
			tv.Have = t.cards.Len()
		}
		v.Tunnel = &tv
		// A pending tunnel is the current player's selection; a finished
		// one is only shown until the next action and must not take the
		// highlight from the route or city the next player touches.
		if !tv.Done {
			v.SelectedRoute = tv.Route
		}
	}
	if w.Need == engine.NeedKeep {
		give := t.give
		if t.mode == ModeSetup {
			give = t.setupGive[w.Player]
		}
		v.Keep = &KeepView{
			Player:   w.Player,
			Drawn:    t.st.DrawnTickets(w.Player).Len(),
			Keep:     w.Count,
			GiveBack: give.Len(),
		}
	}
	if t.mode == ModeEnd {
		if t.end == nil {
			t.end = t.endView()
		}
		v.End = cloneEnd(t.end)
		v.End.Open = slices.Clone(t.breakdown)
	}
	t.rulesView(&v)
	return v
}

// payColor is the colour of a payment in progress: the route's colour, or
// for grey routes and stations the colour of the coloured cards scanned.
func (t *Table) payColor(route maps.Color) maps.Color {
	if route != maps.Gray {
		return route
	}
	for _, c := range t.cards.IDs() {
		if c.Color() != engine.Locomotive {
			return c.Color().MapColor()
		}
	}
	return maps.Gray
}

// count returns a plural argument map with Count n and the other pairs.
func count(n int, kv ...any) map[string]any {
	args := map[string]any{"Count": n}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	return args
}

// progress returns the running count of n cards of colour c.
func progress(have, need int, c maps.Color) Text {
	if c == maps.Gray {
		return Text{Key: "prompt.claim_progress_any", Args: count(need, "Have", have)}
	}
	return Text{Key: "prompt.claim_progress", Args: count(need, "Have", have, "Color", RouteColorText(c, need))}
}

// prompt returns what the table expects from player p now and the running
// count under it.
func (t *Table) prompt(p int, w engine.Wait, pub engine.Public) (prompt, prog Text) {
	if t.mode == ModeEnd {
		return Text{Key: "prompt.game_over"}, Text{}
	}
	if p != w.Player {
		if w.Player < 0 {
			return Text{}, Text{}
		}
		return Text{Key: "prompt.waiting", Args: map[string]any{"Player": t.name(w.Player)}}, Text{}
	}
	switch w.Need {
	case engine.NeedCardToHand:
		if t.reshuffle {
			return Text{Key: "prompt.reshuffle"}, Text{}
		}
		if t.mode == ModeSetup {
			have := pub.Players[p].Cards
			return Text{Key: "prompt.scan_hand", Args: count(engine.HandSize - have)},
				Text{Key: "prompt.scan_progress", Args: count(engine.HandSize, "Have", have)}
		}
		return Text{Key: "prompt.scan_blind"}, Text{}
	case engine.NeedCardToMarket:
		if t.reshuffle {
			return Text{Key: "prompt.reshuffle"}, Text{}
		}
		empty := 0
		for _, c := range pub.Market {
			if c == engine.NoCard {
				empty++
			}
		}
		if t.marketReset {
			// The prompt says what to do; the progress column, narrow,
			// only how many cards are left.
			return Text{Key: "prompt.market_reset"}, Text{Key: "prompt.lay_progress", Args: count(empty)}
		}
		if t.mode == ModeSetup {
			return Text{Key: "prompt.lay_market", Args: count(empty)}, Text{}
		}
		return Text{Key: "prompt.refill_slot"}, Text{}
	case engine.NeedCardToTunnel:
		if t.reshuffle {
			return Text{Key: "prompt.reshuffle"}, Text{}
		}
		return Text{Key: "prompt.tunnel_reveal", Args: count(w.Count)}, Text{}
	case engine.NeedTicket:
		if w.Long {
			return Text{Key: "prompt.scan_long_ticket"}, Text{}
		}
		return Text{Key: "prompt.scan_drawn_tickets", Args: count(w.Count)}, Text{}
	case engine.NeedKeep:
		return t.keepPrompt(p, w.Count, t.give), t.giveProgress(t.give)
	case engine.NeedSecondCard:
		if t.g == gBlind {
			return t.turnPrompt(p, pub)
		}
		return Text{Key: "prompt.draw_second"}, Text{}
	case engine.NeedTunnel:
		tp := Text{Key: "prompt.tunnel_extra", Args: count(w.Count, "Color", CardColorText(t.tunnelColor, w.Count))}
		if t.tunnelColor == engine.Locomotive {
			tp = Text{Key: "prompt.tunnel_extra_locomotives", Args: count(w.Count)}
		}
		if t.cards.Len() >= w.Count {
			tp = Text{Key: "prompt.tunnel_pay_confirm"}
		}
		return tp, Text{Key: "prompt.scan_progress", Args: count(w.Count, "Have", t.cards.Len())}
	case engine.NeedTurn:
		return t.turnPrompt(p, pub)
	}
	return Text{}, Text{}
}

// keepPrompt asks player p to keep at least keep of the tickets they drew.
func (t *Table) keepPrompt(p, keep int, give engine.TicketSet) Text {
	return Text{Key: "prompt.keep_tickets", Args: map[string]any{
		"Tickets": Text{Key: "count.tickets", Args: count(t.st.DrawnTickets(p).Len())},
		"Keep":    keep,
	}}
}

// giveProgress counts the tickets marked to give back, zero for none.
func (t *Table) giveProgress(give engine.TicketSet) Text {
	if n := give.Len(); n > 0 {
		return Text{Key: "prompt.give_back", Args: count(n)}
	}
	return Text{}
}

// turnPrompt is the prompt of the player whose turn it is.
func (t *Table) turnPrompt(p int, pub engine.Public) (prompt, prog Text) {
	switch t.g {
	case gBlind:
		if t.reshuffle {
			return Text{Key: "prompt.reshuffle"}, Text{}
		}
		return Text{Key: "prompt.scan_blind"}, Text{}
	case gTickets:
		return Text{Key: "prompt.scan_drawn_tickets", Args: count(min(engine.TicketDraw, pub.TicketDeck))}, Text{}
	case gClaim:
		rt := &t.m.Routes[t.route]
		prog = progress(t.cards.Len(), rt.Length, t.payColor(rt.Color))
		switch {
		case t.cards.Len() >= rt.Length:
			return Text{Key: "prompt.claim_confirm"}, prog
		case rt.Locomotives > 0:
			return Text{Key: "prompt.claim_ferry", Args: count(rt.Locomotives)}, prog
		}
		return Text{Key: "prompt.claim_route", Args: map[string]any{
			"From": t.m.Cities[rt.A].Name, "To": t.m.Cities[rt.B].Name,
		}}, prog
	case gStation:
		need := t.st.StationCost(p)
		prog = progress(t.cards.Len(), need, t.payColor(maps.Gray))
		if t.cards.Len() >= need {
			return Text{Key: "prompt.station_confirm", Args: map[string]any{"City": t.m.Cities[t.city].Name}}, prog
		}
		return Text{Key: "prompt.build_station", Args: count(need, "City", t.m.Cities[t.city].Name)}, prog
	}
	if t.mustPass() {
		return Text{Key: "prompt.must_pass"}, Text{}
	}
	if pub.LastRound {
		prog = Text{Key: "prompt.your_last_turn"}
	}
	if t.m.Rules.Stations > 0 && pub.Players[p].StationsLeft > 0 {
		return Text{Key: "prompt.your_turn_stations"}, prog
	}
	return Text{Key: "prompt.your_turn"}, prog
}

// banner is the table-wide message: game over, a reshuffle, a market
// reset, the last round.
func (t *Table) banner(pub engine.Public) Text {
	switch {
	case t.mode == ModeEnd:
		return Text{Key: "prompt.game_over"}
	case t.reshuffle:
		// The engine shuffled the discards into a new deck the moment the
		// deck ran out; the players do the same before drawing from it.
		return Text{Key: "prompt.reshuffle"}
	case t.marketReset:
		return Text{Key: "prompt.market_reset"}
	case t.lastRound >= 0 && t.st.LastRound():
		return Text{Key: "prompt.last_round", Args: map[string]any{"Player": t.name(t.lastRound)}}
	}
	return Text{}
}

// endView builds the end screen from the engine's final scoring.
func (t *Table) endView() *EndView {
	res := t.st.Result()
	sp := t.st.ScorePlayers()
	ev := &EndView{Winners: slices.Clone(res.Winners), DecidedBy: res.DecidedBy}
	for p, pr := range res.Players {
		seat := t.SeatOf(p)
		ep := EndPlayer{
			Player:           p,
			Seat:             seat,
			Color:            t.setup.Seats[seat].Color,
			Name:             t.name(p),
			RoutePoints:      pr.RoutePoints,
			TicketPoints:     pr.TicketPoints,
			CompletedTickets: pr.CompletedTickets,
			StationsBuilt:    pr.StationsBuilt,
			StationPoints:    pr.StationPoints,
			LongestPath:      pr.LongestPath,
			LongestRoutes:    score.LongestRoutes(t.m, sp[p].Routes),
			LongestBonus:     pr.LongestBonus,
			Total:            pr.Total,
		}
		ep.Lines = append(ep.Lines, Text{Key: "end.route_points", Args: count(pr.RoutePoints)})
		for _, tr := range pr.Tickets {
			dt := &t.m.Tickets[tr.Ticket]
			et := EndTicket{Ticket: engine.TicketID(tr.Ticket), From: dt.A, To: dt.B, Points: dt.Points, Completed: tr.Completed}
			ep.Tickets = append(ep.Tickets, et)
			key := "end.ticket_failed"
			if tr.Completed {
				key = "end.ticket_completed"
			}
			ep.Lines = append(ep.Lines, Text{Key: key, Args: count(dt.Points, "From", t.m.Cities[dt.A].Name, "To", t.m.Cities[dt.B].Name)})
		}
		ep.Lines = append(ep.Lines, Text{Key: "end.tickets_completed", Args: count(pr.CompletedTickets)})
		for _, city := range sp[p].Stations {
			rt, ok := pr.StationRoutes[city]
			if !ok {
				rt = -1
			}
			ep.StationRoutes = append(ep.StationRoutes, StationRoute{City: city, Route: rt})
			if rt >= 0 {
				r := &t.m.Routes[rt]
				ep.Lines = append(ep.Lines, Text{Key: "end.station_route", Args: map[string]any{
					"City": t.m.Cities[city].Name, "From": t.m.Cities[r.A].Name, "To": t.m.Cities[r.B].Name,
				}})
			}
		}
		if t.m.Rules.Stations > 0 {
			left := t.m.Rules.Stations - pr.StationsBuilt
			ep.Lines = append(ep.Lines, Text{Key: "end.station_bonus", Args: count(left, "Points", Text{Key: "count.points", Args: count(pr.StationPoints)})})
		}
		ep.Lines = append(ep.Lines, Text{Key: "end.longest_route", Args: count(pr.LongestPath, "Points", Text{Key: "count.points", Args: count(pr.LongestBonus)})})
		ep.Lines = append(ep.Lines, Text{Key: "end.total", Args: count(pr.Total)})
		ev.Players = append(ev.Players, ep)
	}
	if len(res.Winners) == 1 {
		ev.Winner = Text{Key: "end.winner", Args: map[string]any{"Player": t.name(res.Winners[0])}}
	} else if len(res.Winners) > 1 {
		names := make([]Text, len(res.Winners))
		for i, w := range res.Winners {
			names[i] = t.name(w)
		}
		ev.Winner = Text{Key: "end.winners_shared", Args: map[string]any{"Players": List(names...)}}
	}
	ev.Decided = Text{Key: decidedKey(res.DecidedBy)}
	return ev
}

// decidedKey is the end screen's line saying what decided the winner:
// "end.decided_" and the tie-break's name.
func decidedKey(tb score.TieBreak) string { return "end.decided_" + tb.String() }

// cloneEnd copies an end view so that callers cannot change the table's.
func cloneEnd(e *EndView) *EndView {
	c := *e
	c.Winners = slices.Clone(e.Winners)
	c.Open = slices.Clone(e.Open)
	c.Players = slices.Clone(e.Players)
	for i := range c.Players {
		p := &c.Players[i]
		p.Tickets = slices.Clone(p.Tickets)
		p.StationRoutes = slices.Clone(p.StationRoutes)
		p.LongestRoutes = slices.Clone(p.LongestRoutes)
		p.Lines = slices.Clone(p.Lines)
	}
	return &c
}

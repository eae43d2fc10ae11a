package display

import (
	"math"
	"time"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/input"
	"ttr/maps"
)

// The end as the printed game ends: the board stays as large as in play,
// each player's tickets are turned face up on it in turn (a line from
// city to city in the player's colour; dashed and crossed out in red when
// not completed), each strip's score counting up with them, then the
// stations not built and the longest route, then the ranking and the
// winner. The reveal is timed by the clock the screen is given (Draw's
// now), from the moment of the game's last move (input.View.Announce.At;
// after a restart, which tells no move, from the first frame that showed
// the end); every breakdown is a touch away on the ranking all along.

// The reveal's pace.
const (
	revealLead = 2 * time.Second         // the end shown before the first ticket
	revealStep = 1500 * time.Millisecond // each ticket, then the bonuses
)

// A revealState is how far the reveal has gone at an instant.
type revealState struct {
	steps int // steps taken: tickets revealed, then the bonuses, then the ranking
	total int // tickets to reveal, every player's
}

// revealOf returns the reveal of total tickets d after the end was shown.
func revealOf(total int, d time.Duration) revealState {
	r := revealState{total: total}
	if d >= revealLead {
		r.steps = min(int((d-revealLead)/revealStep)+1, total+2)
	}
	return r
}

// shown is how many tickets are face up.
func (r revealState) shown() int { return min(r.steps, r.total) }

// bonuses reports whether the stations' and the longest route's points are
// counted.
func (r revealState) bonuses() bool { return r.steps > r.total }

// done reports whether the reveal is over: the ranking and the winner show.
func (r revealState) done() bool { return r.steps > r.total+1 }

// revealAll is the reveal over: the end as it stays.
var revealAll = revealState{steps: math.MaxInt32}

// revealAt returns the reveal of v's end at now, from the game's last
// move (prepare); an end that tells none starts its clock now.
func (s *Screen) revealAt(v *input.View, now time.Time) revealState {
	if v == nil || v.Mode != input.ModeEnd || v.End == nil {
		return revealAll
	}
	if s.endFrom.IsZero() {
		s.endFrom = now
	}
	return revealOf(endTickets(v.End), now.Sub(s.endFrom))
}

// endTickets counts every player's tickets.
func endTickets(e *input.EndView) int {
	n := 0
	for i := range e.Players {
		n += len(e.Players[i].Tickets)
	}
	return n
}

// revealed reports whether the j-th ticket of the i-th player of e is face
// up, and whether it is the one turned last.
func (r revealState) revealed(e *input.EndView, i, j int) (up, last bool) {
	k := j
	for _, ep := range e.Players[:i] {
		k += len(ep.Tickets)
	}
	return k < r.shown(), k == r.shown()-1 && !r.bonuses()
}

// score returns player ep's score as the reveal shows it: the routes'
// points, with each ticket face up added or taken away, then the
// stations' and the longest route's; the total once the ranking shows.
func (r revealState) score(e *input.EndView, ep *input.EndPlayer) int {
	if r.done() {
		return ep.Total
	}
	n := ep.RoutePoints
	for i := range e.Players {
		if &e.Players[i] != ep {
			continue
		}
		for j, tk := range ep.Tickets {
			if up, _ := r.revealed(e, i, j); up {
				if tk.Completed {
					n += tk.Points
				} else {
					n -= tk.Points
				}
			}
		}
	}
	if r.bonuses() {
		n += ep.StationPoints + ep.LongestBonus
	}
	return n
}

// lines returns the words of every strip while the reveal goes on, and
// their inks (lineInk): the ticket turned last, whose it is and what it
// is worth; before it, that the tickets are being turned; after, that the
// stations and the longest route are counted.
func (r revealState) lines(m *maps.Map, e *input.EndView, dst []msg.Text, inks []string) ([]msg.Text, []string) {
	if r.bonuses() {
		key := "end_reveal.bonuses"
		if !stationsInPlay(e) {
			key = "end_reveal.longest"
		}
		return append(dst, msg.Text{Key: key}), append(inks, "end.longest_route")
	}
	for i := range e.Players {
		ep := &e.Players[i]
		for j, tk := range ep.Tickets {
			if _, last := r.revealed(e, i, j); !last {
				continue
			}
			sign, ink := "+", "end.ticket_completed"
			if !tk.Completed {
				sign, ink = "–", "end.ticket_failed"
			}
			from, to := cityName(m, tk.From), cityName(m, tk.To)
			t := msg.Text{Key: "end_reveal.ticket", Args: map[string]any{
				"Player": ep.Name,
				"Ticket": msg.Text{Key: "end.ticket_short", Args: map[string]any{"From": from, "To": to, "Sign": sign, "Count": tk.Points}},
			}}
			return append(dst, t), append(inks, ink)
		}
	}
	return append(dst, msg.Text{Key: "end_reveal.turning"}), append(inks, "")
}

// cityName is city c's name on m, "" when there is none.
func cityName(m *maps.Map, c int) string {
	if m == nil || c < 0 || c >= len(m.Cities) {
		return ""
	}
	return m.Cities[c].Name
}

// stationsInPlay reports whether the game had stations (Europe).
func stationsInPlay(e *input.EndView) bool {
	for i := range e.Players {
		if e.Players[i].StationsBuilt > 0 || e.Players[i].StationPoints > 0 {
			return true
		}
	}
	return false
}

// revealStepAt is the reveal's step at now, for the still layer's key: a
// new step draws the layer again. 0 out of the end.
func (s *Screen) revealStepAt(v *input.View, now time.Time) int {
	if v.Mode != input.ModeEnd || v.End == nil {
		return 0
	}
	return s.revealAt(v, now).steps
}

// RevealStep is the end's reveal step at now (0 out of the end). The
// ranking's keys change places when the reveal ends, so a driver that
// finds keys by their place looks again when the step changes.
func (s *Screen) RevealStep(v *input.View, now time.Time) int { return s.revealStepAt(v, now) }

// endBoard marks the board of v's end at now: the tickets face up, the
// one turned last with its cities lit in its player's colour, the longest
// route glowing once the bonuses are counted. Where breakdowns are open,
// only their players' tickets are drawn, so that each reads alone.
func (s *Screen) endBoard(v *input.View, now time.Time, bv *View) {
	r := s.revealAt(v, now)
	n := len(s.colors)
	open := map[int]bool{}
	for _, p := range v.End.Open {
		if p >= 0 {
			open[p] = true
		}
	}
	for i := range v.End.Players {
		ep := &v.End.Players[i]
		if ep.Player < 0 || ep.Player >= n || (len(open) > 0 && r.done() && !open[ep.Player]) {
			continue
		}
		for j, tk := range ep.Tickets {
			up, last := r.revealed(v.End, i, j)
			if !up {
				continue
			}
			bv.Tickets = append(bv.Tickets, TicketMark{A: tk.From, B: tk.To, Color: s.colors[ep.Player], Failed: !tk.Completed})
			if last {
				for _, c := range [2]int{tk.From, tk.To} {
					if c >= 0 && c < len(bv.Cities) {
						bv.Cities[c].Glow = withAlpha(s.colors[ep.Player], 0.8)
					}
				}
			}
		}
	}
	if !r.bonuses() {
		return
	}
	for _, ep := range v.End.Players {
		if ep.LongestBonus == 0 {
			continue
		}
		for _, rt := range ep.LongestRoutes {
			if rt >= 0 && rt < len(bv.Routes) {
				bv.Routes[rt].Glow = longestGlow
			}
		}
	}
}

// rankingAt returns the players in the order the ranking shows them at
// now, and their places: while the reveal goes on, in the order they
// reveal, without places (0); then the winners first (rankEnd). Before
// the end is drawn (HitTest of a screen without a window), as it stays.
func (s *Screen) rankingAt(now time.Time) (order, places []int) {
	if s.endFrom.IsZero() || revealOf(s.endTickets, now.Sub(s.endFrom)).done() {
		return s.endOrder, s.endRank
	}
	return s.revealOrder, s.revealPlaces
}

// orderReveal notes the order in which e's players reveal their tickets,
// and how many there are, for rankingAt.
func (s *Screen) orderReveal(e *input.EndView) {
	s.revealOrder, s.revealPlaces = s.revealOrder[:0], s.revealPlaces[:0]
	for _, ep := range e.Players {
		s.revealOrder = append(s.revealOrder, ep.Player)
		s.revealPlaces = append(s.revealPlaces, 0)
	}
	s.endTickets = endTickets(e)
}

// endLay turns a strip laid for play (layCompact) into an end strip: the
// score plate holds the total; the counts' place the winner's crown; the
// message the ranking (a chip per player, rankChipW wide at most, on one
// row or two) beside the lines; New game takes the keys' place on one strip
// (newGame), the message takes it on the others.
func (p *panelGeom) endLay(u float32, players int, newGame bool) {
	right := p.keys.X + p.keys.W
	if newGame {
		p.newGame = p.keys
	} else {
		p.message.W = right - p.message.X
	}
	m := p.message
	g := stripGap * u
	// The chips on one row, or on two where one is too long for half the
	// message and the message deep enough (rankChip).
	per, rh := players, min(m.H, rankChipH*u)
	if float32(players)*rankChipW*u > m.W*0.5 && m.H >= 2*rankRowMin*u {
		per, rh = (players+1)/2, min(m.H, 2*rankChipH*u)
	}
	rw := min(float32(per)*rankChipW*u, m.W*0.55)
	p.rank = board.Rect{X: m.X, Y: m.Y + (m.H-rh)/2, W: rw, H: rh}
	p.lines = board.Rect{X: m.X + rw + g, Y: m.Y, W: m.W - rw - g, H: m.H}
	p.prompt, p.progress = p.lines, board.Rect{}
}

// An end strip's ranking chip, in u: its width at most, its height.
const (
	rankChipW = 58
	rankChipH = 24
)

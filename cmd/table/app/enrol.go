package app

import (
	"errors"

	"ttr/hal/registry"
	"ttr/input"
	"ttr/maps"
)

// EnrolPrompt returns what the owner reads while s asks for its task:
// "Box 1: scan the 12 red cards, in any order: 7 of 12", or a map's
// tickets, scanned then touched.
func EnrolPrompt(s *registry.Session) input.Text {
	t := s.Task()
	done, of := s.Progress()
	if t.Kind == registry.Ticket {
		return input.Text{Key: "enrol.prompt_ticket", Args: map[string]any{"Map": mapText(t.Map), "Done": done, "Of": of}}
	}
	return input.Text{Key: "enrol.prompt_color", Args: map[string]any{"Box": t.Box, "Cards": colorCards(t, of), "Done": done, "Of": of}}
}

// EnrolText returns the words of one answer of s: res is what Scan or
// Choose returned and err their error (a failed save: the card is to be
// scanned again; a copy not saved is not the owner's concern here, the
// journal has it).
func EnrolText(s *registry.Session, res registry.Result, err error) input.Text {
	if err != nil && !errors.Is(err, registry.ErrCopy) {
		return input.Text{Key: "enrol.save_failed"}
	}
	t := s.Task()
	switch res.Outcome {
	case registry.Enrolled:
		return input.Text{Key: "enrol.enrolled", Args: map[string]any{"Done": res.Count, "Of": res.Of}}
	case registry.ChooseTicket:
		return input.Text{Key: "enrol.choose_ticket"}
	case registry.Known:
		return input.Text{Key: "enrol.known", Args: map[string]any{"Card": cardText(res.Card)}}
	case registry.OtherBox:
		return input.Text{Key: "enrol.other_box", Args: map[string]any{"Box": res.Card.Box, "Enrolling": t.Box}}
	case registry.Full:
		if t.Kind == registry.Ticket {
			return input.Text{Key: "enrol.full_tickets", Args: map[string]any{"Map": mapText(t.Map)}}
		}
		return input.Text{Key: "enrol.full_color", Args: map[string]any{"Cards": colorCards(t, res.Of)}}
	case registry.Random:
		return input.Text{Key: "enrol.random"}
	case registry.NotOffered:
		return input.Text{Key: "enrol.not_offered"}
	case registry.NoTag:
		return input.Text{Key: "enrol.no_tag"}
	}
	return input.Text{}
}

// colorCards is "12 red cards", the cards of a train task.
func colorCards(t registry.Task, n int) input.Text {
	return input.Text{Key: "count.colored_cards", Args: map[string]any{"Count": n, "Color": input.CardColorText(t.Color, n)}}
}

func mapText(id string) input.Text { return input.Text{Key: "map." + id} }

// cardText names a card for the owner: its colour and box (the cards of a
// colour are alike), or a ticket's two cities as printed.
func cardText(c registry.Card) input.Text {
	if c.Kind == registry.Ticket {
		m, err := maps.Load(c.Map)
		if err != nil || int(c.Ticket) >= len(m.Tickets) {
			return input.Text{}
		}
		tk := m.Tickets[c.Ticket]
		return input.Text{Key: "enrol.ticket", Args: map[string]any{"A": m.Cities[tk.A].Name, "B": m.Cities[tk.B].Name}}
	}
	return input.Text{Key: "enrol.train_card", Args: map[string]any{"Color": input.CardColorText(c.Train.Color(), 1), "Box": c.Box}}
}

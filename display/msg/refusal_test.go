package msg

import (
	"fmt"
	"strings"
	"testing"

	"ttr/engine"
	"ttr/engine/score"
	"ttr/maps"
)

// engineCodes lists every engine.Code: they are numbered from 1 without
// gaps, and String names each one until the first unknown value.
func engineCodes() []engine.Code {
	var codes []engine.Code
	for c := engine.Code(1); c != 0 && c.String() != fmt.Sprintf("Code(%d)", c); c++ {
		codes = append(codes, c)
	}
	return codes
}

// sampleRuleError fills every parameter a refusal may name.
func sampleRuleError(c engine.Code) *engine.RuleError {
	return &engine.RuleError{Code: c, Params: engine.Params{
		Need: 3, Got: 2, Player: 1, Route: 0, Other: 1, City: 0, Slot: 2,
		Card: 0, Ticket: 0, Color: engine.Red,
	}}
}

// TestRefusalEveryCode: every rule error the engine can return has its own
// message, complete in every language.
func TestRefusalEveryCode(t *testing.T) {
	c := mustLoad(t)
	codes := engineCodes()
	if len(codes) < 30 {
		t.Fatalf("found %d engine codes; the enumeration through Code.String is broken", len(codes))
	}
	names := Names{Map: maps.Europe(), Players: []Text{{Key: "player_color.red"}, {Key: "player_color.blue"}}}
	seen := map[string]engine.Code{}
	for _, code := range codes {
		txt := Refusal(sampleRuleError(code), names)
		if !strings.HasPrefix(txt.Key, "rule.") {
			t.Errorf("%v: key %q, want rule.*", code, txt.Key)
		}
		if prev, dup := seen[txt.Key]; dup {
			t.Errorf("%v and %v share the message %q; each code needs its own", prev, code, txt.Key)
		}
		seen[txt.Key] = code
		if err := c.Check(txt); err != nil {
			t.Errorf("%v: %v", code, err)
			continue
		}
		for _, l := range Langs() {
			if got := c.Text(l, txt); got == txt.Key || strings.TrimSpace(got) == "" {
				t.Errorf("%v in %s: got %q", code, l, got)
			}
		}
	}
	// Every rule.* message belongs to a code: none is left over.
	for _, k := range c.Keys() {
		if _, ok := seen[k]; strings.HasPrefix(k, "rule.") && !ok {
			t.Errorf("%s is no engine code's message", k)
		}
	}
	if got := Refusal(&engine.RuleError{Code: 250}, names).Key; got != "rule.wrong_action" {
		t.Errorf("unknown code: key %q, want rule.wrong_action", got)
	}
}

func TestRefusalWords(t *testing.T) {
	c := mustLoad(t)
	eu := maps.Europe()
	wien, ok := eu.City("wien")
	if !ok {
		t.Fatal("no Wien on the Europe map")
	}
	names := Names{Map: eu, Players: []Text{{Key: "player_color.red"}, {Key: "player_color.blue"}}}
	rule := func(code engine.Code, set func(*engine.Params)) *engine.RuleError {
		e := &engine.RuleError{Code: code, Params: engine.Params{Need: -1, Got: -1, Player: -1, Route: -1, Other: -1, City: -1, Slot: -1}}
		set(&e.Params)
		return e
	}
	tests := []struct {
		err  *engine.RuleError
		want map[Lang]string
	}{
		{rule(engine.ErrWrongColor, func(p *engine.Params) { p.Color = engine.Red }), map[Lang]string{
			EN: "This route needs red cards.",
			ES: "Este recorrido necesita cartas rojas.",
			RO: "Ruta aceasta cere cărți roșii.",
		}},
		{rule(engine.ErrNeedLocomotives, func(p *engine.Params) { p.Need, p.Got = 1, 0 }), map[Lang]string{
			EN: "A ferry needs 1 locomotive.",
			ES: "Un ferry necesita 1 locomotora.",
			RO: "Un feribot cere 1 locomotivă.",
		}},
		{rule(engine.ErrNeedLocomotives, func(p *engine.Params) { p.Need, p.Got = 2, 1 }), map[Lang]string{
			EN: "This ferry needs 2 locomotives.",
			ES: "Este ferry necesita 2 locomotoras.",
			RO: "Feribotul acesta cere 2 locomotive.",
		}},
		{rule(engine.ErrNotEnoughCards, func(p *engine.Params) { p.Need, p.Got, p.Color = 3, 2, engine.White }), map[Lang]string{
			EN: "Not enough cards: this needs 3 white cards, you gave 2.",
			ES: "Faltan cartas: hacen falta 3 cartas blancas y has dado 2.",
			RO: "Nu sunt destule cărți: trebuie 3 cărți albe, ai dat 2.",
		}},
		{rule(engine.ErrNotEnoughCards, func(p *engine.Params) { p.Need, p.Got, p.Color = 2, 1, engine.Locomotive }), map[Lang]string{
			EN: "Not enough cards: this needs 2 cards of one colour, you gave 1.",
			ES: "Faltan cartas: hacen falta 2 cartas del mismo color y has dado 1.",
			RO: "Nu sunt destule cărți: trebuie 2 cărți de aceeași culoare, ai dat 1.",
		}},
		{rule(engine.ErrNotEnoughTrains, func(p *engine.Params) { p.Need, p.Got = 4, 1 }), map[Lang]string{
			EN: "Not enough trains: this route needs 4, you have only 1 left.",
			ES: "No tienes vagones suficientes: este recorrido necesita 4 y solo te queda 1.",
			RO: "Nu ai destule vagoane: ruta cere 4, ți-a mai rămas doar 1.",
		}},
		{rule(engine.ErrStationTaken, func(p *engine.Params) { p.City, p.Player = wien, 1 }), map[Lang]string{
			EN: "Blue already has a station in Wien.",
			ES: "Azul ya tiene una estación en Wien.",
			RO: "Albastru are deja o gară în Wien.",
		}},
		{rule(engine.ErrCardInHand, func(p *engine.Params) { p.Player = 3 }), map[Lang]string{
			EN: "That card is in Player 4's hand.",
			ES: "Esa carta está en la mano de Jugador 4.",
			RO: "Cartea aceasta o are Jucătorul 4.",
		}},
		{rule(engine.ErrSecondLocomotive, func(*engine.Params) {}), map[Lang]string{
			EN: "The second card cannot be a face-up locomotive.",
			ES: "La segunda carta no puede ser una locomotora descubierta.",
			RO: "A doua carte nu poate fi o locomotivă cu fața în sus.",
		}},
	}
	for _, tc := range tests {
		txt := Refusal(tc.err, names)
		if err := c.Check(txt); err != nil {
			t.Errorf("%v: %v", tc.err.Code, err)
		}
		for l, want := range tc.want {
			if got := c.Text(l, txt); got != want {
				t.Errorf("%v in %s: got %q, want %q", tc.err.Code, l, got, want)
			}
		}
	}
}

func TestColorTexts(t *testing.T) {
	c := mustLoad(t)
	for col := engine.CardColor(0); col < engine.NumCardColors; col++ {
		for _, n := range []int{1, 2} {
			if err := c.Check(CardColor(col, n)); err != nil {
				t.Errorf("CardColor(%v, %d): %v", col, n, err)
			}
		}
	}
	for col := maps.Gray; col <= maps.Red; col++ {
		if err := c.Check(RouteColor(col, 2)); err != nil {
			t.Errorf("RouteColor(%v): %v", col, err)
		}
	}
	if got := c.Text(ES, RouteColor(maps.Gray, 2)); got != "grises" {
		t.Errorf("RouteColor(Gray, 2) in es: got %q, want %q", got, "grises")
	}
	if got := c.Text(RO, CardColor(engine.Yellow, 1)); got != "galbenă" {
		t.Errorf("CardColor(Yellow, 1) in ro: got %q, want %q", got, "galbenă")
	}
}

// TestDecidedEveryTieBreak: every tie-break the scoring can report has its
// line on the end screen, in every language.
func TestDecidedEveryTieBreak(t *testing.T) {
	c := mustLoad(t)
	n := 0
	for tb := score.TieBreak(0); tb.String() != fmt.Sprintf("TieBreak(%d)", tb); tb++ {
		n++
		txt := Decided(tb)
		if err := c.Check(txt); err != nil {
			t.Errorf("%v: %v", tb, err)
		}
	}
	if n != 5 {
		t.Errorf("found %d tie-breaks, want 5 (points, tickets, stations, longest, shared)", n)
	}
	tests := map[Lang]string{
		EN: "Tied on points: most tickets completed.",
		ES: "Empate a puntos: más billetes cumplidos.",
		RO: "Egalitate la puncte: cele mai multe bilete realizate.",
	}
	for l, want := range tests {
		if got := c.Text(l, Decided(score.Tickets)); got != want {
			t.Errorf("Decided(Tickets) in %s: got %q, want %q", l, got, want)
		}
	}
}

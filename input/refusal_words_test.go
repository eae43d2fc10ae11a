package input_test

import (
	"fmt"
	"strings"
	"testing"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/input"
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
	c := loadCatalog(t)
	codes := engineCodes()
	if len(codes) < 30 {
		t.Fatalf("found %d engine codes; the enumeration through Code.String is broken", len(codes))
	}
	names := seatNames("player_color.red", "player_color.blue")
	eu := maps.Europe()
	seen := map[string]engine.Code{}
	for _, code := range codes {
		txt := toMsg(input.Refusal(sampleRuleError(code), eu, names))
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
		// A colour of Locomotive means "any one colour" to some messages.
		loco := sampleRuleError(code)
		loco.Params.Color = engine.Locomotive
		if err := c.Check(toMsg(input.Refusal(loco, eu, names))); err != nil {
			t.Errorf("%v with a locomotive colour: %v", code, err)
		}
		for _, l := range msg.Langs() {
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
	if got := input.Refusal(&engine.RuleError{Code: 250}, eu, names).Key; got != "rule.wrong_action" {
		t.Errorf("unknown code: key %q, want rule.wrong_action", got)
	}
}

func TestRefusalWords(t *testing.T) {
	c := loadCatalog(t)
	eu := maps.Europe()
	wien, ok := eu.City("wien")
	if !ok {
		t.Fatal("no Wien on the Europe map")
	}
	names := seatNames("player_color.red", "player_color.blue")
	rule := func(code engine.Code, set func(*engine.Params)) *engine.RuleError {
		e := &engine.RuleError{Code: code, Params: engine.Params{Need: -1, Got: -1, Player: -1, Route: -1, Other: -1, City: -1, Slot: -1}}
		set(&e.Params)
		return e
	}
	tests := []struct {
		err  *engine.RuleError
		want map[msg.Lang]string
	}{
		{rule(engine.ErrWrongColor, func(p *engine.Params) { p.Color = engine.Red }), map[msg.Lang]string{
			msg.EN: "This route needs red cards.",
			msg.ES: "Este recorrido necesita cartas rojas.",
			msg.RO: "Ruta aceasta cere cărți roșii.",
		}},
		{rule(engine.ErrNeedLocomotives, func(p *engine.Params) { p.Need, p.Got = 1, 0 }), map[msg.Lang]string{
			msg.EN: "A ferry needs 1 locomotive.",
			msg.ES: "Un ferry necesita 1 locomotora.",
			msg.RO: "Un feribot cere 1 locomotivă.",
		}},
		{rule(engine.ErrNeedLocomotives, func(p *engine.Params) { p.Need, p.Got = 2, 1 }), map[msg.Lang]string{
			msg.EN: "This ferry needs 2 locomotives.",
			msg.ES: "Este ferry necesita 2 locomotoras.",
			msg.RO: "Feribotul acesta cere 2 locomotive.",
		}},
		{rule(engine.ErrNotEnoughCards, func(p *engine.Params) { p.Need, p.Got, p.Color = 3, 2, engine.White }), map[msg.Lang]string{
			msg.EN: "Not enough cards: this needs 3 white cards, you gave 2.",
			msg.ES: "Faltan cartas: hacen falta 3 cartas blancas y has dado 2.",
			msg.RO: "Nu sunt destule cărți: trebuie 3 cărți albe, ai dat 2.",
		}},
		{rule(engine.ErrNotEnoughCards, func(p *engine.Params) { p.Need, p.Got, p.Color = 2, 1, engine.Locomotive }), map[msg.Lang]string{
			msg.EN: "Not enough cards: this needs 2 cards of one colour, you gave 1.",
			msg.ES: "Faltan cartas: hacen falta 2 cartas del mismo color y has dado 1.",
			msg.RO: "Nu sunt destule cărți: trebuie 2 cărți de aceeași culoare, ai dat 1.",
		}},
		{rule(engine.ErrNotEnoughTrains, func(p *engine.Params) { p.Need, p.Got = 4, 1 }), map[msg.Lang]string{
			msg.EN: "Not enough trains: this route needs 4, you have only 1 left.",
			msg.ES: "No tienes vagones suficientes: este recorrido necesita 4 y solo te queda 1.",
			msg.RO: "Nu ai destule vagoane: ruta cere 4, ți-a mai rămas doar 1.",
		}},
		{rule(engine.ErrStationTaken, func(p *engine.Params) { p.City, p.Player = wien, 1 }), map[msg.Lang]string{
			msg.EN: "Blue already has a station in Wien.",
			msg.ES: "Azul ya tiene una estación en Wien.",
			msg.RO: "Albastru are deja o gară în Wien.",
		}},
		{rule(engine.ErrCardInHand, func(p *engine.Params) { p.Player = 3 }), map[msg.Lang]string{
			msg.EN: "That card is in Player 4's hand.",
			msg.ES: "Esa carta está en la mano de Jugador 4.",
			msg.RO: "Cartea aceasta o are Jucătorul 4.",
		}},
		{rule(engine.ErrSecondLocomotive, func(*engine.Params) {}), map[msg.Lang]string{
			msg.EN: "The second card cannot be a face-up locomotive.",
			msg.ES: "La segunda carta no puede ser una locomotora descubierta.",
			msg.RO: "A doua carte nu poate fi o locomotivă cu fața în sus.",
		}},
	}
	for _, tc := range tests {
		txt := toMsg(input.Refusal(tc.err, eu, names))
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

// seatNames names players 0, 1, ... by the keys given, and the others
// "Player <p+1>", as the table does.
func seatNames(keys ...string) func(p int) input.Text {
	return func(p int) input.Text {
		if p < len(keys) {
			return input.Text{Key: keys[p]}
		}
		return input.Text{Key: "panel.player", Args: map[string]any{"Number": p + 1}}
	}
}

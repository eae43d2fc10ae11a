package input_test

import (
	"fmt"
	"log"
	"time"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// A two-seat table: the start screen, then the first cards of the deal.
func Example() {
	resolve := func(u hal.UID) (input.Tag, bool) {
		if c, ok := engine.ParseCardID(string(u)); ok {
			return input.CardTag(c), true
		}
		return input.Tag{}, false
	}
	tb, err := input.NewTable(input.Opts{Seats: 2, Map: "usa", Lang: "en", Resolve: resolve})
	if err != nil {
		fmt.Println(err)
		return
	}
	at := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	fmt.Println(tb.View().Start.Problem.Key)
	tb.Handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 1, At: at})
	res := tb.Handle(hal.Press{Seat: 1, Button: hal.Confirm, At: at})
	fmt.Println(res.Started, engine.FormatAction(tb.Game().Map(), res.Actions[0]))
	fmt.Println(tb.View().Seats[1].Prompt.Key, tb.View().Seats[0].Prompt.Key)
	// Both seats are dealt at once: the log names the seat's work where
	// it is not the one the engine's order names.
	res = tb.Handle(hal.Scan{Seat: 0, UID: "red1", At: at})
	fmt.Println(engine.FormatAction(tb.Game().Map(), res.Actions[0]), tb.View().Seats[0].Progress.Args["Have"])
	res = tb.Handle(hal.Scan{Seat: 1, UID: "red2", At: at})
	fmt.Println(engine.FormatAction(tb.Game().Map(), res.Actions[0]), tb.View().Seats[1].Progress.Args["Have"])
	// Output:
	// start.choose_first
	// true first 1
	// prompt.scan_hand prompt.scan_hand
	// card red1 @0 1
	// card red2 1
}

// The table words an engine rule error where it shows it, naming the seat's
// player and the city as the board prints it.
func ExampleRefusal() {
	c, err := msg.Load()
	if err != nil {
		log.Fatal(err)
	}
	eu := maps.Europe()
	wien, _ := eu.City("wien")
	names := func(p int) input.Text {
		return []input.Text{{Key: "player_color.red"}, {Key: "player_color.yellow"}}[p]
	}
	refused := &engine.RuleError{Code: engine.ErrStationTaken, Params: engine.Params{Player: 1, City: wien}}
	for _, lang := range msg.Langs() {
		fmt.Println(c.Text(lang, input.Refusal(refused, eu, names)))
	}
	// Output:
	// Amarillo ya tiene una estación en Wien.
	// Galben are deja o gară în Wien.
	// Yellow already has a station in Wien.
}

package msg_test

import (
	"fmt"
	"log"

	"ttr/display/msg"
)

// A seat panel shows the progress of a claim in the table's language; the
// colour is a Text of its own so that it agrees with the number of cards.
func ExampleCatalog_Text() {
	c, err := msg.Load()
	if err != nil {
		log.Fatal(err)
	}
	progress := msg.Text{Key: "prompt.claim_progress", Args: map[string]any{
		"Have":  2,
		"Count": 3,
		"Color": msg.Text{Key: "color.red", Args: map[string]any{"Count": 3}},
	}}
	for _, lang := range msg.Langs() {
		fmt.Printf("%s: %s\n", lang, c.Text(lang, progress))
	}
	fmt.Println(c.Text(msg.RO, msg.Text{Key: "count.cards", Args: map[string]any{"Count": 20}}))
	// Output:
	// es: 2 de 3 rojas
	// ro: 2 din 3 roșii
	// en: 2 of 3 red
	// 20 de cărți
}

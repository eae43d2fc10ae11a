package input_test

import (
	"testing"

	"ttr/display/msg"
	"ttr/input"
)

// TestList: a list of players or things reads as a sentence in every
// language, with a comma between all but the last two.
func TestList(t *testing.T) {
	c := loadCatalog(t)
	color := func(k string) input.Text { return input.Text{Key: "player_color." + k} }
	cases := []struct {
		items []input.Text
		want  map[msg.Lang]string
	}{
		{nil, map[msg.Lang]string{msg.EN: "", msg.ES: "", msg.RO: ""}},
		{[]input.Text{color("red")}, map[msg.Lang]string{msg.EN: "Red", msg.ES: "Rojo", msg.RO: "Roșu"}},
		{[]input.Text{color("red"), color("blue")}, map[msg.Lang]string{msg.EN: "Red and Blue", msg.ES: "Rojo y Azul", msg.RO: "Roșu și Albastru"}},
		{[]input.Text{color("red"), color("blue"), color("green")}, map[msg.Lang]string{
			msg.EN: "Red, Blue and Green", msg.ES: "Rojo, Azul y Verde", msg.RO: "Roșu, Albastru și Verde",
		}},
		{[]input.Text{color("red"), color("blue"), color("green"), color("yellow")}, map[msg.Lang]string{
			msg.EN: "Red, Blue, Green and Yellow", msg.ES: "Rojo, Azul, Verde y Amarillo", msg.RO: "Roșu, Albastru, Verde și Galben",
		}},
	}
	for _, tc := range cases {
		for lang, want := range tc.want {
			if got := c.Text(lang, input.List(tc.items...)); got != want {
				t.Errorf("%s: List of %d = %q, want %q", lang, len(tc.items), got, want)
			}
		}
	}
}

package input

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"ttr/hal"
)

// Player names: a seat's player may be given a name, in the config
// (Opts.Names) or on the start screen with the on-screen keyboard the
// display draws on the seat's panel while SeatView.Typing is set. A named
// player is called by the name everywhere the table names them (the panel,
// the score track, the end screen, the news): the Text "player.name" with
// the argument Name, the name as typed. Without a name, by their colour.

// The keys of the name keyboard (hal.Touch of Kind hal.ScreenKey, with the
// seat of the panel they are on).
const (
	KeyName = "name"  // on a seat's panel: open or close the seat's name keyboard (start screen)
	KeyType = "type:" // + a letter of NameLetters, or one of the TypeKeys below
)

// The keyboard's keys that are not letters: KeyType + one of these.
const (
	TypeSpace = "space" // a space between two words of a name
	TypeBack  = "back"  // rub out the last letter
	TypeDone  = "done"  // close the keyboard, keeping the name
)

// MaxName is the longest name, in letters: it fits the panel's header and
// the score track at the smallest text size.
const MaxName = 12

// NameLetters are the letters a name may have: the ones the keyboard
// offers (as capitals; a name keeps its capitals as typed), and their small
// forms, so that a name from the config is one the fonts can draw. A space,
// a hyphen and an apostrophe join parts of a name.
const NameLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÜÑĂÂÎȘȚabcdefghijklmnopqrstuvwxyzáéíóúüñăâîșț -'"

// KeyboardRows are the keyboard's rows of letter keys, for lang: the
// letters of English, and those of Spanish or Romanian besides.
func KeyboardRows(lang string) [3]string {
	rows := [3]string{"QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM-'"}
	switch lang {
	case "es":
		rows[1] += "Ñ"
		rows[2] = "ZXCVBNMÁÉÍÓÚÜ"
	case "ro":
		rows[2] = "ZXCVBNMĂÂÎȘȚ"
	}
	return rows
}

// CheckName says what is wrong with a name, or returns nil: at most
// MaxName letters of NameLetters, with a letter in it.
func CheckName(name string) error {
	if n := utf8.RuneCountInString(name); n > MaxName {
		return fmt.Errorf("%d letters, at most %d", n, MaxName)
	}
	letter := false
	for _, r := range name {
		if !strings.ContainsRune(NameLetters, r) {
			return fmt.Errorf("%q is not a letter the table can show (letters, spaces, - and ')", r)
		}
		letter = letter || unicode.IsLetter(r)
	}
	if name != "" && !letter {
		return fmt.Errorf("%q has no letter", name)
	}
	return nil
}

// nameState is the Table's part for names: which seats' keyboards are
// open, and the Text of each seat's name, made once per name so that
// building a View allocates nothing for it.
type nameState struct {
	typing []bool   // by seat
	of     []string // by seat: the name texts[seat] was made for
	texts  []Text
}

// seatName is the Text the table calls the player at seat by.
func (t *Table) seatName(seat hal.Seat) Text {
	st := t.setup.Seats[seat]
	name := strings.TrimSpace(st.Name)
	if name == "" {
		return st.Color.Name()
	}
	ns := &t.names
	if ns.texts == nil {
		ns.of = make([]string, t.opts.Seats)
		ns.texts = make([]Text, t.opts.Seats)
	}
	if ns.of[seat] != name || ns.texts[seat].IsZero() {
		ns.of[seat] = name
		ns.texts[seat] = Text{Key: "player.name", Args: map[string]any{"Name": name}}
	}
	return ns.texts[seat]
}

// nameKey takes a touch on KeyName or a keyboard key at seat's panel, on
// the start screen.
func (t *Table) nameKey(r *Result, seat hal.Seat, id string, at time.Time) Result {
	if t.names.typing == nil {
		t.names.typing = make([]bool, t.opts.Seats)
	}
	st := &t.setup.Seats[seat]
	if !st.Playing {
		return t.refuse(r, seat, at, "rule.no_such_player", nil)
	}
	if id == KeyName {
		t.names.typing[seat] = !t.names.typing[seat]
		return *r
	}
	if !t.names.typing[seat] {
		return *r
	}
	switch k := strings.TrimPrefix(id, KeyType); k {
	case TypeDone:
		t.names.typing[seat] = false
		st.Name = strings.TrimSpace(st.Name)
	case TypeBack:
		if _, n := utf8.DecodeLastRuneInString(st.Name); n > 0 {
			st.Name = st.Name[:len(st.Name)-n]
		}
	case TypeSpace:
		if st.Name != "" && !strings.HasSuffix(st.Name, " ") && utf8.RuneCountInString(st.Name) < MaxName {
			st.Name += " "
		}
	default:
		l, n := utf8.DecodeRuneInString(k)
		if n == 0 || n != len(k) || !strings.ContainsRune(NameLetters, l) {
			return *r
		}
		if utf8.RuneCountInString(st.Name) >= MaxName {
			return t.refuse(r, seat, at, "name.too_long", map[string]any{"Max": MaxName})
		}
		// A capital starts each word; the rest are small, so that nobody
		// needs a shift key.
		if st.Name != "" && !strings.HasSuffix(st.Name, " ") && !strings.HasSuffix(st.Name, "-") {
			l = unicode.ToLower(l)
		} else {
			l = unicode.ToUpper(l)
		}
		st.Name += string(l)
	}
	return *r
}

// Typing reports whether seat's name keyboard is open.
func (t *Table) Typing(seat hal.Seat) bool {
	ty := t.names.typing
	return seat >= 0 && int(seat) < len(ty) && ty[seat]
}

// closeKeyboards closes every name keyboard (the game starts).
func (t *Table) closeKeyboards() {
	for i := range t.names.typing {
		if t.names.typing[i] {
			t.names.typing[i] = false
			t.setup.Seats[i].Name = strings.TrimSpace(t.setup.Seats[i].Name)
		}
	}
}

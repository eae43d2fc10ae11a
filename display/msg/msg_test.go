package msg

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func mustLoad(t *testing.T) *Catalog {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

// sampleArgs gives every placeholder of key a value: integers for counts
// and numbers, a marker string for the rest, so that a rendering shows
// whether each argument arrived.
func sampleArgs(c *Catalog, key string, n int) map[string]any {
	args := map[string]any{}
	for _, name := range c.Placeholders(key) {
		switch name {
		case CountArg, "Have", "Got", "Need", "Keep", "Number", "Min", "Max", "Seat":
			args[name] = n
		default:
			args[name] = "<" + name + ">"
		}
	}
	return args
}

func TestLoadEmbedded(t *testing.T) {
	c := mustLoad(t)
	if got := len(c.Keys()); got < 150 {
		t.Errorf("Load: %d keys, want the full table vocabulary (at least 150)", got)
	}
	for _, l := range Langs() {
		if _, ok := c.msgs[l]; !ok {
			t.Errorf("Load: no catalogue for %s", l)
		}
	}
}

// TestEveryKeyInEveryLanguage renders every message in every language, for
// several counts, and fails on anything a player should never see.
func TestEveryKeyInEveryLanguage(t *testing.T) {
	c := mustLoad(t)
	for _, l := range Langs() {
		for _, key := range c.Keys() {
			for _, n := range []int{0, 1, 2, 20, 21, 101, 1000000} {
				txt := Text{Key: key, Args: sampleArgs(c, key, n)}
				if err := c.Check(txt); err != nil {
					t.Fatalf("Check(%v): %v", txt, err)
				}
				got := c.Text(l, txt)
				switch {
				case got == key:
					t.Errorf("%s %s (n=%d): not rendered, got the key", l, key, n)
				case strings.TrimSpace(got) == "":
					t.Errorf("%s %s (n=%d): empty", l, key, n)
				case strings.Contains(got, "{{") || strings.Contains(got, "<no value>"):
					t.Errorf("%s %s (n=%d): template left in %q", l, key, n, got)
				}
				for name, v := range txt.Args {
					if s, ok := v.(string); ok && name != CountArg && !strings.Contains(got, s) && !c.plurals[key] {
						t.Errorf("%s %s: %q does not show argument %s", l, key, got, name)
					}
				}
			}
		}
	}
}

// TestPlaceholdersAgree checks, file by file, that each message uses the
// same placeholder names in every language as in English.
func TestPlaceholdersAgree(t *testing.T) {
	c := mustLoad(t)
	for _, l := range Langs() {
		for _, key := range c.Keys() {
			got, err := c.checkMessage(l, c.msgs[l][key], nil)
			if err != nil {
				t.Fatalf("%s %s: %v", l, key, err)
			}
			if want := c.Placeholders(key); !slices.Equal(got, want) {
				t.Errorf("%s %s: placeholders %v, en has %v", l, key, got, want)
			}
		}
	}
}

// TestNoKeyOutsideEnglish reads the raw files: every key of every file is
// in en.toml and every key of en.toml is in every file.
func TestNoKeyOutsideEnglish(t *testing.T) {
	c := mustLoad(t)
	for _, l := range Langs() {
		var keys []string
		for k := range c.msgs[l] {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, c.Keys()) {
			t.Errorf("%s.toml keys differ from en.toml:\n got %v\nwant %v", l, keys, c.Keys())
		}
	}
}

func TestPlurals(t *testing.T) {
	c := mustLoad(t)
	tests := []struct {
		lang Lang
		key  string
		n    int
		want string
	}{
		{EN, "count.cards", 0, "0 cards"},
		{EN, "count.cards", 1, "1 card"},
		{EN, "count.cards", 2, "2 cards"},
		{EN, "count.cards", 20, "20 cards"},
		{EN, "count.tickets", 1, "1 ticket"},
		{EN, "count.trains", 45, "45 trains"},
		{EN, "end.total", 1, "Total: 1 point"},
		{EN, "end.total", 0, "Total: 0 points"},

		{ES, "count.cards", 0, "0 cartas"},
		{ES, "count.cards", 1, "1 carta"},
		{ES, "count.cards", 2, "2 cartas"},
		{ES, "count.cards", 20, "20 cartas"},
		{ES, "count.cards", 1000000, "1000000 de cartas"},
		{ES, "count.trains", 1, "1 vagón"},
		{ES, "count.trains", 2, "2 vagones"},
		{ES, "count.stations", 1, "1 estación"},
		{ES, "count.stations", 3, "3 estaciones"},
		{ES, "count.points", 20, "20 puntos"},
		{ES, "end.total", 1, "Total: 1 punto"},

		// Romanian: one (1), few (0, 2-19, 101-119), other with "de".
		{RO, "count.cards", 0, "0 cărți"},
		{RO, "count.cards", 1, "1 carte"},
		{RO, "count.cards", 2, "2 cărți"},
		{RO, "count.cards", 19, "19 cărți"},
		{RO, "count.cards", 20, "20 de cărți"},
		{RO, "count.cards", 21, "21 de cărți"},
		{RO, "count.cards", 100, "100 de cărți"},
		{RO, "count.cards", 101, "101 cărți"},
		{RO, "count.cards", 119, "119 cărți"},
		{RO, "count.cards", 120, "120 de cărți"},
		{RO, "count.tickets", 1, "1 bilet"},
		{RO, "count.tickets", 3, "3 bilete"},
		{RO, "count.trains", 45, "45 de vagoane"},
		{RO, "count.trains", 2, "2 vagoane"},
		{RO, "count.points", 20, "20 de puncte"},
		{RO, "count.points", 1, "1 punct"},
		{RO, "count.stations", 3, "3 gări"},
		{RO, "count.stations", 1, "1 gară"},
		{RO, "end.total", 102, "Total: 102 puncte"},
		{RO, "end.total", 120, "Total: 120 de puncte"},
		{RO, "start.player_count", 5, "5 jucători"},
	}
	for _, tc := range tests {
		got := c.Text(tc.lang, Text{Key: tc.key, Args: map[string]any{CountArg: tc.n}})
		if got != tc.want {
			t.Errorf("%s %s Count=%d: got %q, want %q", tc.lang, tc.key, tc.n, got, tc.want)
		}
	}
}

func TestMessages(t *testing.T) {
	c := mustLoad(t)
	red := func(n int) Text { return Text{Key: "color.red", Args: map[string]any{CountArg: n}} }
	progress := func(have, n int) Text {
		return Text{Key: "prompt.claim_progress", Args: map[string]any{"Have": have, CountArg: n, "Color": red(n)}}
	}
	keep := Text{Key: "prompt.keep_tickets", Args: map[string]any{
		"Keep": 1, "Tickets": Text{Key: "count.tickets", Args: map[string]any{CountArg: 3}},
	}}
	ferry := Text{Key: "rule.need_locomotives", Args: map[string]any{CountArg: 1}}
	wrong := Text{Key: "rule.wrong_color", Args: map[string]any{"Color": red(2)}}
	tests := []struct {
		lang Lang
		txt  Text
		want string
	}{
		{EN, progress(2, 3), "2 of 3 red"},
		{ES, progress(2, 3), "2 de 3 rojas"},
		{RO, progress(2, 3), "2 din 3 roșii"},
		{ES, progress(0, 1), "0 de 1 roja"},
		{RO, progress(0, 1), "0 din 1 roșie"},
		{RO, progress(5, 20), "5 din 20 de roșii"},
		{EN, wrong, "This route needs red cards."},
		{ES, wrong, "Este recorrido necesita cartas rojas."},
		{RO, wrong, "Ruta aceasta cere cărți roșii."},
		{EN, ferry, "A ferry needs 1 locomotive."},
		{ES, ferry, "Un ferry necesita 1 locomotora."},
		{RO, ferry, "Un feribot cere 1 locomotivă."},
		{EN, keep, "You drew 3 tickets: keep at least 1. Scan each one you give back, then press Confirm."},
		{ES, keep, "Has robado 3 billetes: quédate con al menos 1. Escanea cada uno que devuelvas y pulsa Confirmar."},
		{RO, keep, "Ai tras 3 bilete: păstrează cel puțin 1. Scanează-l pe fiecare pe care îl dai înapoi, apoi apasă Confirmă."},
		{EN, Text{Key: "end.ticket_completed", Args: map[string]any{"From": "Lisboa", "To": "Danzig", CountArg: 20}}, "Lisboa – Danzig: completed, +20 points"},
		{RO, Text{Key: "end.ticket_completed", Args: map[string]any{"From": "Lisboa", "To": "Danzig", CountArg: 20}}, "Lisboa – Danzig: realizat, +20 de puncte"},
		{RO, Text{Key: "end.ticket_failed", Args: map[string]any{"From": "Brest", "To": "Marseille", CountArg: 7}}, "Brest – Marseille: nerealizat, –7 puncte"},
		{ES, Text{Key: "end.ticket_failed", Args: map[string]any{"From": "Brest", "To": "Marseille", CountArg: 1}}, "Brest – Marseille: no cumplido, –1 punto"},
		{ES, Text{Key: "end.winner", Args: map[string]any{"Player": Text{Key: "player_color.red"}}}, "¡Gana Rojo!"},
		{RO, Text{Key: "end.winner", Args: map[string]any{"Player": Text{Key: "player_color.red"}}}, "Câștigă Roșu!"},
		{EN, Text{Key: "panel.trains_left"}, "Trains left"},
		{ES, Text{Key: "panel.trains_left"}, "Vagones restantes"},
		{RO, Text{Key: "panel.trains_left"}, "Vagoane rămase"},
	}
	for _, tc := range tests {
		if err := c.Check(tc.txt); err != nil {
			t.Errorf("Check(%v): %v", tc.txt, err)
		}
		if got := c.Text(tc.lang, tc.txt); got != tc.want {
			t.Errorf("%s %s: got %q, want %q", tc.lang, tc.txt.Key, got, tc.want)
		}
	}
}

// TestVocabulary pins the game's terms to the published editions.
func TestVocabulary(t *testing.T) {
	c := mustLoad(t)
	want := map[Lang][]string{
		ES: {"Locomotora", "Billete de Destino", "Estación", "Túnel", "Ferry", "Recorrido"},
		RO: {"Locomotivă", "Bilet de destinație", "Gară", "Tunel", "Feribot", "Rută"},
		EN: {"Locomotive", "Destination Ticket", "Train Station", "Tunnel", "Ferry", "Route"},
	}
	keys := []string{"term.locomotive", "term.destination_ticket", "term.station", "term.tunnel", "term.ferry", "term.route"}
	for l, words := range want {
		for i, k := range keys {
			if got := c.Text(l, Text{Key: k}); got != words[i] {
				t.Errorf("%s %s: got %q, want %q", l, k, got, words[i])
			}
		}
	}
}

// TestRomanianCommaBelow keeps Romanian to ș and ț with a comma below, the
// letters the table's font is checked for, not the cedilla look-alikes.
func TestRomanianCommaBelow(t *testing.T) {
	buf, err := fs.ReadFile(locales, "locales/ro.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []rune{'ş', 'Ş', 'ţ', 'Ţ'} {
		if strings.ContainsRune(string(buf), r) {
			t.Errorf("ro.toml has %q (cedilla); write %q", r, map[rune]rune{'ş': 'ș', 'Ş': 'Ș', 'ţ': 'ț', 'Ţ': 'Ț'}[r])
		}
	}
}

func TestParseLang(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
		ok   bool
	}{
		{"es", ES, true},
		{"ro", RO, true},
		{"en", EN, true},
		{"ES", ES, true},
		{" ro ", RO, true},
		{"es-ES", ES, true},
		{"ro_RO", RO, true},
		{"en-US", EN, true},
		{"fr", "", false},
		{"", "", false},
		{"spanish", "", false},
	}
	for _, tc := range tests {
		got, err := ParseLang(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseLang(%q) = %q, %v; want %q, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "msg: ") {
			t.Errorf("ParseLang(%q) error %q lacks the package prefix", tc.in, err)
		}
	}
}

// TestTextNeverFails: a broken Text shows its key (or English), never panics.
func TestTextNeverFails(t *testing.T) {
	c := mustLoad(t)
	tests := []struct {
		name string
		lang Lang
		txt  Text
		want string
	}{
		{"unknown key", ES, Text{Key: "no.such.key"}, "no.such.key"},
		{"empty key", ES, Text{}, ""},
		{"missing argument", ES, Text{Key: "rule.station_taken", Args: map[string]any{"Player": "Ana"}}, "rule.station_taken"},
		{"missing count", RO, Text{Key: "count.cards"}, "count.cards"},
		{"count not an integer", RO, Text{Key: "count.cards", Args: map[string]any{CountArg: "many"}}, "count.cards"},
		{"count a float", RO, Text{Key: "count.cards", Args: map[string]any{CountArg: 2.5}}, "count.cards"},
		{"unknown language reads as English", Lang("fr"), Text{Key: "button.confirm"}, "Confirm"},
		{"extra argument is ignored", EN, Text{Key: "button.cancel", Args: map[string]any{"X": 1}}, "Cancel"},
		{"broken nested text shows its key", EN, Text{Key: "end.winner", Args: map[string]any{"Player": Text{Key: "nobody"}}}, "nobody wins!"},
		{"uint count", RO, Text{Key: "count.cards", Args: map[string]any{CountArg: uint8(20)}}, "20 de cărți"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := c.Text(tc.lang, tc.txt); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	c := mustLoad(t)
	tests := []struct {
		name string
		txt  Text
		err  string // "" for no error
	}{
		{"plain", Text{Key: "button.confirm"}, ""},
		{"plural", Text{Key: "count.cards", Args: map[string]any{CountArg: 3}}, ""},
		{"nested", Text{Key: "rule.wrong_color", Args: map[string]any{"Color": Text{Key: "color.red", Args: map[string]any{CountArg: 2}}}}, ""},
		{"unknown key", Text{Key: "no.such"}, `unknown key "no.such"`},
		{"missing argument", Text{Key: "rule.station_taken", Args: map[string]any{"City": "Wien"}}, "takes arguments [City Player]"},
		{"extra argument", Text{Key: "button.confirm", Args: map[string]any{"X": 1}}, "takes arguments []"},
		{"plural without count", Text{Key: "count.cards"}, "takes arguments [Count]"},
		{"count as string", Text{Key: "count.cards", Args: map[string]any{CountArg: "3"}}, "must be an integer"},
		{"float argument", Text{Key: "panel.player", Args: map[string]any{"Number": 1.5}}, "not an integer, string or Text"},
		{"broken nested", Text{Key: "rule.wrong_color", Args: map[string]any{"Color": Text{Key: "color.red"}}}, "argument Color"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := c.Check(tc.txt)
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("got %v, want an error containing %q", err, tc.err)
			}
		})
	}
}

// TestLoadRejects feeds broken catalogues to load: each mistake a
// translator can make must stop the tests, naming the file and the key.
func TestLoadRejects(t *testing.T) {
	const en = `
[a]
plain = "Hello {{.Name}}"
cards = { one = "{{.Count}} card", other = "{{.Count}} cards" }
`
	const ro = `
[a]
plain = "Salut {{.Name}}"
cards = { one = "{{.Count}} carte", few = "{{.Count}} cărți", other = "{{.Count}} de cărți" }
`
	tests := []struct {
		name string
		ro   string
		err  string
	}{
		{"good", ro, ""},
		{"missing key", `
[a]
cards = { one = "{{.Count}} carte", few = "{{.Count}} cărți", other = "{{.Count}} de cărți" }
`, `ro.toml: missing "a.plain"`},
		{"key not in English", ro + `extra = "x"` + "\n", `ro.toml: "a.extra" is not in en.toml`},
		{"placeholder renamed", strings.Replace(ro, "{{.Name}}", "{{.Nume}}", 1), `ro.toml: "a.plain" has placeholders [Nume], en.toml has [Name]`},
		{"plural form missing", strings.Replace(ro, `few = "{{.Count}} cărți", `, "", 1), `"a.cards" lacks the plural form few`},
		{"plural form never used", strings.Replace(ro, `one = "{{.Count}} carte",`, `one = "{{.Count}} carte", two = "x",`, 1), `"a.cards" has the plural form two`},
		{"empty translation", strings.Replace(ro, `"Salut {{.Name}}"`, `"  "`, 1), `"a.plain" is empty`},
		{"logic in a template", strings.Replace(ro, "{{.Name}}", "{{if .Name}}x{{end}}", 1), "only text and {{.Name}} placeholders"},
		{"function in a template", strings.Replace(ro, "{{.Name}}", "{{printf .Name}}", 1), `ro.toml: "a.plain" (other)`},
		{"field of a field", strings.Replace(ro, "{{.Name}}", "{{.Name.First}}", 1), "only {{.Name}} placeholders"},
		{"variable", strings.Replace(ro, "{{.Name}}", "{{$x := .Name}}", 1), "only {{.Name}} placeholders"},
		{"plural forms on a plain message", strings.Replace(ro, `plain = "Salut {{.Name}}"`, `plain = { one = "a {{.Name}}", few = "b {{.Name}}", other = "c {{.Name}}" }`, 1), `"a.plain" has a one form`},
		{"count in a plain message", strings.Replace(ro, "{{.Name}}", "{{.Name}} {{.Count}}", 1), `"a.plain" uses {{.Count}}`},
		{"bad TOML", "[a\n", "ro.toml"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"en.toml": {Data: []byte(en)},
				"ro.toml": {Data: []byte(tc.ro)},
			}
			_, err := load(fsys, []Lang{EN, RO})
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("got %v, want an error containing %q", err, tc.err)
			}
		})
	}
}

func TestPluralFormsOfEachLanguage(t *testing.T) {
	want := map[Lang][]string{
		EN: {"one", "other"},
		ES: {"many", "one", "other"},
		RO: {"few", "one", "other"},
	}
	for l, w := range want {
		got, err := pluralForms(l)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, w) {
			t.Errorf("pluralForms(%s) = %v, want %v", l, got, w)
		}
	}
}

// TestConcurrentText renders from several goroutines at once, as display
// and the simulator may; run with -race.
func TestConcurrentText(t *testing.T) {
	c := mustLoad(t)
	keys := c.Keys()
	done := make(chan string)
	for g := range 4 {
		go func() {
			var last string
			for i, k := range keys {
				last = c.Text(Langs()[(g+i)%len(Langs())], Text{Key: k, Args: sampleArgs(c, k, i)})
			}
			done <- last
		}()
	}
	for range 4 {
		if s := <-done; s == "" {
			t.Error("empty rendering")
		}
	}
}

// FuzzText: whatever a Text holds, rendering it never panics, and a Text
// that Check accepts is never shown as its key.
func FuzzText(f *testing.F) {
	c, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	keys := c.Keys()
	f.Add(0, int64(1), "Wien", "ro")
	f.Add(17, int64(20), "", "es")
	f.Add(-3, int64(-5), "{{.Count}}", "xx")
	f.Add(100000, int64(1)<<62, "<no value>", "en")
	f.Fuzz(func(t *testing.T, k int, n int64, s, lang string) {
		key := s
		if k >= 0 && k < 10*len(keys) {
			key = keys[k%len(keys)]
		}
		args := map[string]any{}
		for i, name := range c.Placeholders(key) {
			switch {
			case name == CountArg || i%2 == 0:
				args[name] = n
			default:
				args[name] = s
			}
		}
		txt := Text{Key: key, Args: args}
		got := c.Text(Lang(lang), txt)
		if c.Check(txt) == nil && (got == key || got == "") {
			t.Errorf("Text(%q, %v) = %q for a Text that Check accepts", lang, txt, got)
		}
	})
}

func TestRunes(t *testing.T) {
	c := mustLoad(t)
	runes := c.Runes()
	if !slices.IsSorted(runes) {
		t.Error("Runes not sorted")
	}
	for _, r := range "0123456789-ăâîșțÎñáéíóú¡–" {
		if !slices.Contains(runes, r) {
			t.Errorf("Runes lacks %q", r)
		}
	}
	for _, r := range "{}\nş" {
		if slices.Contains(runes, r) {
			t.Errorf("Runes has %q, which no message shows", r)
		}
	}
	// Found once, each caller gets its own copy: changing one changes
	// no other.
	want := slices.Clone(runes)
	runes[0] = 'ş'
	if again := c.Runes(); !slices.Equal(again, want) {
		t.Errorf("Runes after a caller changed what it got = %q, want %q", string(again[:3]), string(want[:3]))
	}
}

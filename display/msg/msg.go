package msg

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"
	"sync"
	"text/template/parse"
	"ttr/input"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"
)

// Lang is a language the table speaks: the base ISO 639-1 code, which is
// also the name of its catalogue file (locales/<code>.toml).
type Lang string

// The languages of the table.
const (
	ES Lang = "es" // Spanish
	RO Lang = "ro" // Romanian
	EN Lang = "en" // English, the reference catalogue
)

// Langs returns the table's languages in the order the start screen offers
// them.
func Langs() []Lang { return []Lang{ES, RO, EN} }

// ParseLang returns the language named by s: a code such as "es", "RO" or
// "en", optionally with a region ("es-ES", "ro_RO", "en-US").
func ParseLang(s string) (Lang, error) {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "-")
	base, _, _ = strings.Cut(base, "_")
	for _, l := range Langs() {
		if string(l) == base {
			return l, nil
		}
	}
	names := make([]string, 0, len(Langs()))
	for _, l := range Langs() {
		names = append(names, string(l))
	}
	return "", fmt.Errorf("msg: unknown language %q (want one of %s)", s, strings.Join(names, ", "))
}

// String returns the language code.
func (l Lang) String() string { return string(l) }

// CountArg is the argument that selects a message's plural form. A message
// whose English entry has plural forms (one, other) is a plural message: its
// Text must carry an integer under CountArg, and every catalogue must give
// every plural form its language uses for whole numbers (CLDR: en one/other,
// es one/many/other, ro one/few/other). Conversely a message that uses the
// {{.Count}} placeholder must be a plural message.
const CountArg = "Count"

// Text is a message a player reads, held as a key and its arguments until
// the moment it is shown: input and display logic produce Texts, and only
// the code that draws them turns them into words, in the language of the
// table. The engine never produces words.
//
// Args maps each placeholder of the message to its value. A value is an
// integer (any int or uint type), a string shown as is (a city as printed
// on the board, a player's name), or a Text, which is rendered first in
// the same language (a colour agreeing with a count, "3 cards"). Use
// Catalog.Check in tests to verify the Texts a package produces.
//
// Text is input's Text: input builds the table's prompts and refusals as
// Texts, and this package words them.
type Text = input.Text

// Catalog holds the messages of every language, checked against each other
// when loaded. A Catalog is immutable and safe for concurrent use.
type Catalog struct {
	loc     map[Lang]*i18n.Localizer
	parser  template.Parser
	msgs    map[Lang]map[string]*i18n.Message
	fields  map[string][]string // placeholders of each key, sorted; from English
	plurals map[string]bool     // keys that are plural messages
	keys    []string            // sorted

	// runes is what Runes returns, found once: every template parsed
	// again costs some 40 ms, and every screen made asks for it.
	runesOnce sync.Once
	runes     []rune
}

//go:embed locales/*.toml
var locales embed.FS

// Load returns the catalogue embedded in the binary, after checking that
// every language has every message of the English catalogue and no other,
// that each message has the same placeholders in every language, that
// plural messages give every plural form of their language, and that no
// translation is empty. Tests guarantee that Load succeeds.
func Load() (*Catalog, error) {
	sub, err := fs.Sub(locales, "locales")
	if err != nil {
		return nil, fmt.Errorf("msg: %w", err)
	}
	return load(sub, Langs())
}

// load reads <lang>.toml from fsys for each language and cross-checks them.
func load(fsys fs.FS, langs []Lang) (*Catalog, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &Catalog{
		loc:     make(map[Lang]*i18n.Localizer),
		parser:  &template.TextParser{Option: "missingkey=error"},
		msgs:    make(map[Lang]map[string]*i18n.Message),
		fields:  make(map[string][]string),
		plurals: make(map[string]bool),
	}
	if !slices.Contains(langs, EN) {
		return nil, errors.New("msg: the English catalogue is the reference and must be loaded")
	}
	var errs []error
	for _, l := range langs {
		name := string(l) + ".toml"
		buf, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("msg: %w", err)
		}
		mf, err := b.ParseMessageFileBytes(buf, name)
		if err != nil {
			return nil, fmt.Errorf("msg: %s: %w", name, err)
		}
		if base, _ := mf.Tag.Base(); base.String() != string(l) {
			return nil, fmt.Errorf("msg: %s: language tag %s does not match %s", name, mf.Tag, l)
		}
		m := make(map[string]*i18n.Message, len(mf.Messages))
		for _, msg := range mf.Messages {
			m[msg.ID] = msg
		}
		c.msgs[l] = m
		c.loc[l] = i18n.NewLocalizer(b, string(l))
	}
	for id, msg := range c.msgs[EN] {
		c.keys = append(c.keys, id)
		c.plurals[id] = msg.One != "" || msg.Two != "" || msg.Few != "" || msg.Many != "" || msg.Zero != ""
	}
	slices.Sort(c.keys)
	for _, l := range langs {
		forms, err := pluralForms(l)
		if err != nil {
			return nil, err
		}
		for _, id := range c.keys {
			msg, ok := c.msgs[l][id]
			if !ok {
				errs = append(errs, fmt.Errorf("msg: %s.toml: missing %q", l, id))
				continue
			}
			f, err := c.checkMessage(l, msg, forms)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if l == EN {
				c.fields[id] = f
			}
		}
	}
	for _, l := range langs {
		for id := range c.msgs[l] {
			if _, ok := c.msgs[EN][id]; !ok {
				errs = append(errs, fmt.Errorf("msg: %s.toml: %q is not in en.toml", l, id))
			}
		}
	}
	// Placeholders are compared once English's are known.
	for _, l := range langs {
		for _, id := range c.keys {
			msg, ok := c.msgs[l][id]
			if !ok || l == EN {
				continue
			}
			f, err := c.checkMessage(l, msg, nil)
			if err != nil {
				continue // already reported
			}
			if !slices.Equal(f, c.fields[id]) {
				errs = append(errs, fmt.Errorf("msg: %s.toml: %q has placeholders %v, en.toml has %v", l, id, f, c.fields[id]))
			}
		}
	}
	if len(errs) > 0 {
		slices.SortFunc(errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
		return nil, errors.Join(errs...)
	}
	return c, nil
}

// checkMessage checks one translation and returns its placeholders, sorted.
// With forms nil it only extracts the placeholders.
func (c *Catalog) checkMessage(l Lang, m *i18n.Message, forms []string) ([]string, error) {
	given := []struct{ form, src string }{
		{"zero", m.Zero}, {"one", m.One}, {"two", m.Two}, {"few", m.Few}, {"many", m.Many}, {"other", m.Other},
	}
	var set []string
	for _, g := range given {
		form, src := g.form, g.src
		if src == "" {
			continue
		}
		names, err := placeholders(src)
		if err != nil {
			return nil, fmt.Errorf("msg: %s.toml: %q (%s): %w", l, m.ID, form, err)
		}
		for _, n := range names {
			if !slices.Contains(set, n) {
				set = append(set, n)
			}
		}
	}
	plural := c.plurals[m.ID]
	if plural && !slices.Contains(set, CountArg) {
		set = append(set, CountArg)
	}
	slices.Sort(set)
	if forms == nil {
		return set, nil
	}
	if strings.TrimSpace(m.Other) == "" {
		return nil, fmt.Errorf("msg: %s.toml: %q is empty", l, m.ID)
	}
	if !plural {
		if slices.Contains(set, CountArg) {
			return nil, fmt.Errorf("msg: %s.toml: %q uses {{.%s}} but en.toml gives it no plural forms", l, m.ID, CountArg)
		}
		for _, g := range given {
			if g.form != "other" && g.src != "" {
				return nil, fmt.Errorf("msg: %s.toml: %q has a %s form but is not a plural message in en.toml", l, m.ID, g.form)
			}
		}
		return set, nil
	}
	for _, g := range given {
		need := slices.Contains(forms, g.form)
		switch {
		case need && strings.TrimSpace(g.src) == "":
			return nil, fmt.Errorf("msg: %s.toml: %q lacks the plural form %s (%s uses %s)", l, m.ID, g.form, l, strings.Join(forms, ", "))
		case !need && g.src != "":
			return nil, fmt.Errorf("msg: %s.toml: %q has the plural form %s, which %s never uses for whole numbers", l, m.ID, g.form, l)
		}
	}
	return set, nil
}

// placeholders returns the names used in a message template. Only plain
// {{.Name}} actions are allowed, so that translators cannot write logic and
// the placeholders can be checked across languages.
func placeholders(src string) ([]string, error) {
	trees, err := parse.Parse("msg", src, "{{", "}}")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, n := range trees["msg"].Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
		case *parse.ActionNode:
			cmds := n.Pipe.Cmds
			if len(n.Pipe.Decl) > 0 || len(cmds) != 1 || len(cmds[0].Args) != 1 {
				return nil, fmt.Errorf("action %s: only {{.Name}} placeholders are allowed", n)
			}
			f, ok := cmds[0].Args[0].(*parse.FieldNode)
			if !ok || len(f.Ident) != 1 {
				return nil, fmt.Errorf("action %s: only {{.Name}} placeholders are allowed", n)
			}
			names = append(names, f.Ident[0])
		default:
			return nil, fmt.Errorf("%s: only text and {{.Name}} placeholders are allowed", n)
		}
	}
	return names, nil
}

// probeCounts are whole numbers that between them reach every plural form
// a language uses for whole numbers: CLDR rules look at n, n % 10, n % 100
// and, for "many" in Spanish and others, multiples of a million.
var probeCounts = func() []int {
	var n []int
	for i := range 220 {
		n = append(n, i)
	}
	return append(n, 1000, 1001, 1002, 1000000, 2000000)
}()

// pluralForms returns the plural forms language l uses for whole numbers,
// as go-i18n's CLDR rules select them, found by asking go-i18n itself so
// that the check can never disagree with the selection.
func pluralForms(l Lang) ([]string, error) {
	probe := &i18n.Message{ID: "msg.probe", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	pb := i18n.NewBundle(language.Make(string(l)))
	loc := i18n.NewLocalizer(pb, string(l))
	var forms []string
	for _, n := range probeCounts {
		f, err := loc.Localize(&i18n.LocalizeConfig{DefaultMessage: probe, PluralCount: n})
		if err != nil {
			return nil, fmt.Errorf("msg: plural forms of %s: %w", l, err)
		}
		if !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	slices.Sort(forms)
	return forms, nil
}

// Runes returns every character the catalogue's messages can show, sorted:
// the letters of every translation and the digits and minus sign of the
// numbers they print (argument strings such as city names are not
// included). The display loads its fonts with them and its font test checks
// that each has a glyph.
func (c *Catalog) Runes() []rune {
	c.runesOnce.Do(func() { c.runes = c.findRunes() })
	return slices.Clone(c.runes)
}

// findRunes finds what Runes returns.
func (c *Catalog) findRunes() []rune {
	seen := map[rune]bool{'-': true}
	for r := '0'; r <= '9'; r++ {
		seen[r] = true
	}
	for _, msgs := range c.msgs {
		for _, m := range msgs {
			for _, src := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
				for _, r := range literalText(src) {
					seen[r] = true
				}
			}
		}
	}
	runes := make([]rune, 0, len(seen))
	for r := range seen {
		runes = append(runes, r)
	}
	slices.Sort(runes)
	return runes
}

// literalText returns the text of a template outside its actions. Load has
// checked that every template parses.
func literalText(src string) string {
	trees, err := parse.Parse("msg", src, "{{", "}}")
	if err != nil {
		return src
	}
	var b strings.Builder
	for _, n := range trees["msg"].Root.Nodes {
		if t, ok := n.(*parse.TextNode); ok {
			b.Write(t.Text)
		}
	}
	return b.String()
}

// Keys returns every message key, sorted.
func (c *Catalog) Keys() []string { return slices.Clone(c.keys) }

// Has reports whether key is a message of the catalogue.
func (c *Catalog) Has(key string) bool {
	_, ok := c.fields[key]
	return ok
}

// Placeholders returns the names a message's Args must give, sorted
// (CountArg included for plural messages), or nil for an unknown key.
func (c *Catalog) Placeholders(key string) []string {
	return slices.Clone(c.fields[key])
}

// Check returns an error unless t, and every Text among its arguments,
// names a message of the catalogue and gives exactly its placeholders, each
// a value of an allowed type (an integer for CountArg). Tests of the
// packages that produce Texts call it; Text never fails because of it.
func (c *Catalog) Check(t Text) error {
	want, ok := c.fields[t.Key]
	if !ok {
		return fmt.Errorf("msg: unknown key %q", t.Key)
	}
	var got []string
	for name, v := range t.Args {
		got = append(got, name)
		switch v := v.(type) {
		case Text:
			if err := c.Check(v); err != nil {
				return fmt.Errorf("msg: %q argument %s: %w", t.Key, name, err)
			}
		case string:
			if name == CountArg {
				return fmt.Errorf("msg: %q: %s must be an integer, got %q", t.Key, CountArg, v)
			}
		case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		default:
			return fmt.Errorf("msg: %q argument %s: type %T is not an integer, string or Text", t.Key, name, v)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		return fmt.Errorf("msg: %q takes arguments %v, got %v", t.Key, want, got)
	}
	return nil
}

// Text returns t in words in language lang; an unknown language reads as
// English. It never panics: if t names no message, or lacks an argument the
// message needs, it returns t.Key, which the catalogue tests make
// impossible for the messages they cover.
func (c *Catalog) Text(lang Lang, t Text) string {
	loc, ok := c.loc[lang]
	if !ok {
		lang, loc = EN, c.loc[EN]
	}
	if _, ok := c.fields[t.Key]; !ok {
		return t.Key
	}
	data := make(map[string]any, len(t.Args))
	for name, v := range t.Args {
		if sub, ok := v.(Text); ok {
			v = c.Text(lang, sub)
		}
		data[name] = v
	}
	cfg := &i18n.LocalizeConfig{MessageID: t.Key, TemplateData: data, TemplateParser: c.parser}
	if c.plurals[t.Key] {
		n, ok := count(t.Args[CountArg])
		if !ok {
			return t.Key
		}
		cfg.PluralCount = n
	}
	s, err := loc.Localize(cfg)
	if err != nil {
		return t.Key
	}
	return s
}

// count returns v as an int64 if it is an integer.
func count(v any) (int64, bool) {
	switch v := v.(type) {
	case int:
		return int64(v), true
	case int8:
		return int64(v), true
	case int16:
		return int64(v), true
	case int32:
		return int64(v), true
	case int64:
		return v, true
	case uint:
		return int64(v), true
	case uint8:
		return int64(v), true
	case uint16:
		return int64(v), true
	case uint32:
		return int64(v), true
	case uint64:
		return int64(v), v <= math.MaxInt64
	}
	return 0, false
}

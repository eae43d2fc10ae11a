// Package msg is the table's message catalogue: every word a player reads,
// in Spanish, Romanian and English, with the plural forms of each language.
//
// Input and display logic never hold sentences. They produce a Text, a
// message key with named arguments ("prompt.claim_progress" with Have 2,
// Count 3, Color red), and the code that draws it asks the Catalog for the
// words in the table's language at that moment. Engine rule errors carry a
// code and parameters; the code names a message here, so the engine stays
// free of language.
//
// # Boundary
//
// msg is pure Go: it imports input (whose Text it words) and the
// catalogue's libraries, never raylib, so it builds and is tested on any
// machine (its tests also read engine, engine/score and maps, to check that
// every rule error, tie-break, colour and city has its words); display,
// tools/sim and cmd/table use it.
//
// # Keys
//
// Keys are stable identifiers grouped by where they are shown: lang.name
// (the language's own name), term.* (the game's vocabulary as printed),
// count.* ("3 cards"), color.* (card colours agreeing with a count),
// player_color.*, map.*, button.*, list.and, list.comma, panel.* (the seat panel),
// prompt.* (what the table expects from a player now), rule.* (one per
// engine.Code, built by input.Refusal from a *engine.RuleError), refuse.* (what
// the table itself refuses: an unknown tag, a card scanned twice, the wrong
// reader), status.* (hardware), end.* (the end screen; input words a
// score.TieBreak as end.decided_<tie-break>) and start.* (the start screen).
//
// # Library
//
// The catalogue is read with github.com/nicksnyder/go-i18n/v2 rather than
// golang.org/x/text/message, because go-i18n:
//
//   - reads one plain catalogue file per language at run time (here TOML,
//     embedded in the binary), where x/text/message needs its catalogue
//     either built in Go code or generated into Go by the gotext tool, a
//     code generation step at every change of wording;
//   - has named placeholders ({{.Count}}, {{.City}}), which translators can
//     move around a sentence and tests can compare across languages, where
//     x/text/message uses positional printf verbs;
//   - selects plural forms with current CLDR rules for every language,
//     including Romanian's three (one: 1; few: 0, 2-19, 101-119...; other:
//     20 and above, written with "de": "20 de cărți") and Spanish's "many"
//     (millions: "1000000 de cartas").
//
// TOML (github.com/BurntSushi/toml, the format go-i18n's own tools use)
// rather than JSON so that the catalogues carry comments for translators.
//
// # Catalogue files
//
// locales/<lang>.toml holds one language. Tables group keys: [panel]
// score = "Score" defines the key "panel.score". A plural message is an
// inline table of CLDR forms, chosen by its Count argument:
//
//	cards = { one = "{{.Count}} card", other = "{{.Count}} cards" }
//
// Placeholders are plain {{.Name}} actions, nothing else. English is the
// reference: Load fails, naming the file and key, unless every catalogue
// has exactly the English keys, the same placeholders per key, every plural
// form its language uses for whole numbers (and no other) and no empty
// text. Tests run Load, so a missing translation fails `make test`, never
// the table.
//
// Arguments that are Texts are rendered first, in the same language. That
// is how a word agrees with a number: the colour of "2 of 3 red" is
// Text{Key: "color.red", Args: {"Count": 3}}, which Spanish renders "rojas"
// and Romanian "roșii".
//
// # Adding a language
//
//  1. Copy locales/en.toml to locales/<code>.toml (ISO 639-1 code) and
//     translate every message, giving each plural message the CLDR plural
//     forms of the language (go test ./display/msg/ names any that are
//     missing or unused).
//  2. Add the Lang constant and put it in Langs.
//  3. Add expected strings for the new language to the plural and
//     vocabulary tests.
//
// The table's font must also have the language's glyphs (see display).
package msg

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"ttr/cmd/table/wiring"
	"ttr/hal/config"
)

// wiringCommand runs "table wiring": it draws the wiring of the config's
// seats (the Pi's header, each reader and buttons with GPIO and pin
// numbers) as SVG, to standard output or -o FILE.
func wiringCommand(args []string, stdout io.Writer) error {
	fs := withUsage(flag.NewFlagSet("wiring", flag.ContinueOnError))
	fs.SetOutput(stdout)
	cfgPath := fs.String("config", defaultConfig, "the table's config file")
	out := fs.String("o", "", "write the SVG picture to this `file` (default: standard output)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &exitError{code: 2, err: err}
	}
	if fs.NArg() > 0 {
		return &exitError{code: 2, err: fmt.Errorf("wiring: unexpected argument %q", fs.Arg(0))}
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		// The picture must match the config: a config with mistakes is
		// not drawn, its problems are listed.
		return &exitError{code: 1, err: err}
	}
	svg := wiring.SVG(cfg)
	if *out == "" {
		_, err = stdout.Write(svg)
		return err
	}
	if err := os.WriteFile(*out, svg, 0o644); err != nil {
		return fmt.Errorf("wiring: %w", err)
	}
	return nil
}

//go:build !testhooks

package main

import "ttr/hal/storage"

// A table's binary has no test drivers (testhooks.go): probe takes no
// -fake, and no environment variable kills the process.

func probeScript() scriptRunner { return nil }

func startupKills(func(string) string) (storage.FS, func()) { return nil, func() {} }

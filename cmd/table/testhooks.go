//go:build testhooks

package main

import "ttr/hal/storage"

// The test drivers, built in only with the testhooks tag, as the tests
// build the binary they run (tableBinary): probe -fake's script
// interpreter (probescript.go) and the crash test's start-up kills
// (killfs.go, built with the tag alone). A table's binary is built
// without the tag (notesthooks.go) and has neither.

// probeScript returns probe -fake's interpreter.
func probeScript() scriptRunner { return scriptedProbe }

// startupKills returns the storage that kills the process at the storage
// operation killEnv names while the game log opens, and the function to
// call once it has opened; nil storage when killEnv is unset.
func startupKills(getenv func(string) string) (storage.FS, func()) {
	k := newKillFS(getenv)
	if k == nil {
		return nil, func() {}
	}
	return k, func() { k.done.Store(true) }
}

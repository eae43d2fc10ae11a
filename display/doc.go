// Package display draws the table with raylib from a read-only view of the
// game, and resolves touches to what they landed on (hit-testing of routes,
// cities, market slots and on-screen keys).
//
// # Boundary
//
// display imports engine, maps, hal (event types) and raylib. With tools/sim
// and cmd/table it is one of the only three places raylib is used; all raylib
// calls stay on the main OS thread.
package display

// Package input turns touches, card scans and button presses into engine
// actions, one seat at a time: the claim in progress, the tunnel payment, the
// tickets to keep and the other gestures that take several steps.
//
// # Boundary
//
// input imports engine, maps and hal (interfaces and event types only). It
// never sees raylib or pixels: the display resolves a touch to what it landed
// on before input gets it.
package input

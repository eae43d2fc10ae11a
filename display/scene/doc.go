// Package scene is the table's screen as plain data: a list of draw items
// (rectangles, rounded rectangles, circles, rings, lines, triangles, runs
// of text, textures by name), each with the Key of the part of the screen
// it belongs to (route 12, seat 2's message, market slot 3, seat 1's
// Confirm) and the rectangle of the screen it touches.
//
// # Boundary
//
// scene imports display/board (rectangles and points) and input (the ids
// of on-screen keys, Key.ID); no raylib. The display package records a
// frame into a Scene (Screen.Scene) by drawing it through its canvas
// with the recorder set instead of raylib, so that a scene is exactly what
// a frame draws.
//
// # What it is for
//
// A scene is compared with the one before it part by part (Diff): what a
// part draws differently, and only that, needs drawing again, inside the
// union of its old and new bounds; the display draws it again from the
// new scene itself, so an item holds every argument of the raylib call
// that drew it, and a scene where its queued text was drawn (Flushes).
// And it is written as text (WriteText),
// the form of the display's goldens: a change to a screen reads as a
// change of lines in a review, and the goldens need no window to compare.
// A Key is also what a touch lands on: Key.ID gives the input package's
// id of an on-screen key, so that keys are typed values until they leave
// the display.
package scene

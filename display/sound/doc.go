// Package sound plays the table's short sounds (hal.Sound) through raylib's
// audio device: a scan accepted, a scan refused, a route claimed, a card
// revealed for a tunnel, the last round and the end of the game.
//
// # The sounds
//
// Every sound is made here, in Go, as 16-bit mono PCM (PCM): short notes and
// sweeps with soft attacks and fades, so that no recording or third-party
// asset ships with the table. Each has its own shape, so that players tell
// them apart without looking:
//
//   - scan: one short, bright blip (G6);
//   - refused: two low, buzzing pulses, the second lower;
//   - claim: three rising bell notes (C5, E5, G5), the last held;
//   - tunnel: a low rumble under a rising sweep, as a card is turned over;
//   - last round: a bell struck twice (A5, with a bell's inharmonic
//     partials);
//   - end: a fanfare (G4, C5, E5, then C6 held).
//
// None lasts more than a second. The tests measure each one: not silent,
// short, no click at either end, and each one's spectrogram unlike every
// other's.
//
// # Playing
//
// Open initialises raylib's audio device and loads the sounds, as WAV files
// built in memory (WAV), at the config's volume. A table without an audio
// device (IsAudioDeviceReady false), or whose config mutes the sound, plays
// nothing and says so once in the log; Play never fails. On Linux a
// machine with no sound card, no sound server and no ALSA configuration of
// its own does not even open the device, which would fail after alsa-lib
// printed some thirty "ALSA lib" lines to stderr (outputPresent). The Player is a
// hal.Speaker; input decides which sound an event makes, the main loop
// plays it. Like every raylib call, Open, Play and Close belong on the main
// thread.
//
// # Boundary
//
// sound imports hal (the Sound type) and raylib; only display, sound,
// tools/sim and cmd/table import raylib (docs/imports.txt).
package sound

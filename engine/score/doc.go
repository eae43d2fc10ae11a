// Package score is the end of a game of Ticket to Ride or Ticket to Ride
// Europe: route points, destination tickets (with each train station's
// borrowed route chosen to its owner's best advantage), unbuilt stations, the
// longest continuous path and the winner with the tie-break that decided it.
//
// # Boundary
//
// score imports only maps and the standard library. It is pure and
// deterministic: the engine calls Final when a game ends, and tools read
// scenario files with ReadScenario and print Scenario.Report as JSON.
//
// # Scenario files
//
// A scenario file is a finished board in JSON: the map, and each player's
// name, routes, stations and tickets. testdata/scenarios/FORMAT.md (in the
// repository, engine/score/testdata/scenarios/FORMAT.md) describes it and
// the result printed for it; the files beside it are worked examples, each
// with its expected result. "sim score FILE" and "table score FILE" score
// one.
//
// # Longest path
//
// The longest path is the longest trail (cities may repeat, routes may not)
// of a player's routes, an NP-hard problem in general but small here: 45
// trains make at most 45 routes. LongestPath shrinks the graph first: trees
// hanging off it are cut away (a trail that enters one ends there, so only
// the two deepest ways down from each city matter), and cities with exactly
// two routes are merged into one longer edge. A set of edges is a trail if
// it is connected and at most two cities have an odd number of its edges,
// so the search chooses which edges to leave out: at each step a city of
// the wrong parity either becomes an end of the trail or loses one of its
// edges, and each branch excludes the others'. It prunes with a lower bound
// on what must be left out (each wrong city needs a left-out path to
// another, at least as long as the distance to the nearest one), starts
// from a floor found by a short sampling of trails, and solves the parts on
// either side of a bridge separately, remembering them. The hardest boards
// found by a hill-climbing search (many short routes, many cycles) take a
// few hundred steps; see BenchmarkLongestPath.
//
// # Stations
//
// Each station lets its owner use one route of another player touching the
// station's city, the same one for all tickets. The stations are chosen
// jointly: every combination of candidate routes is tried, after dropping
// routes that join cities already joined by the owner's own network, routes
// that join the same two parts of it as another candidate, and routes that
// lead nowhere a ticket needs. Among equally good choices the one that
// borrows fewest routes wins, then the lowest route indexes, so a station
// that helps nothing borrows nothing.
package score

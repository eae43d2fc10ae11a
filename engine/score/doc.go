// Package score is the end of a game of Ticket to Ride or Ticket to Ride
// Europe: route points, destination tickets (with each train station's
// borrowed route chosen to its owner's best advantage), unbuilt stations, the
// longest continuous path and the winner with the tie-break that decided it.
//
// # Boundary
//
// score imports only maps and the standard library. It is pure and
// deterministic: the engine calls Final when a game ends, and tools read
// scenario files (a finished board, see shared/scenarios/FORMAT.md) with
// ReadScenario and print Scenario.Report as JSON.
//
// # Longest path
//
// LongestPath searches trails (cities may repeat, routes may not) over a
// reduced graph: cities met by exactly two routes are contracted away, a
// component whose cities all have an even number of routes is a closed tour
// of all of them, and otherwise a longest trail starts and ends at cities
// with an odd number of routes, so only those start the depth-first search,
// which prunes on the routes still unused in the component.
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

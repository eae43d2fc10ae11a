// Package maps holds the two boards the table plays on, the USA map of Ticket
// to Ride (2004) and the map of Ticket to Ride Europe (2005), as typed values
// loaded from data files embedded in the binary and validated when loaded.
//
// # Boundary
//
// maps imports only the standard library. Every other package reads the board
// from here; no board data lives in Go literals.
//
// # Data
//
// data/usa.json and data/europe.json are copies of shared/maps (never
// retyped): cities with real-world and board positions, routes with length,
// colour, kind (normal, tunnel, ferry) and locomotive spaces, and destination
// tickets with points and the Europe long flag. data/rules.json adds what the
// rule books print beside the board: the route scoring table, stations per
// player and the ticket rules of the set-up.
//
// Load validates everything a broken copy could get wrong and names the city,
// route or ticket at fault: unknown fields, malformed or duplicate ids, unknown
// cities, self-loops, lengths missing from the scoring table, unknown colours
// and kinds, ferry locomotives, double routes (equal length and kind, never
// the same colour twice), duplicate tickets, and a board that is not connected.
//
// # Sources
//
// The data was compared route by route and ticket by ticket across independent
// public transcriptions (see shared/maps/PROVENANCE.md); where they disagreed
// the majority was kept, and it always agreed with the first:
//
//   - A: thoun/tickettoride (a31662b7), the Board Game Arena implementation:
//     cities with board pixels, routes, tickets, scoring tables;
//   - B: pcowhill/TTRSimulation (d35993cf): USA routes and tickets;
//   - C: pauldb89/ml (ab79fd5d): USA routes and tickets;
//   - D: bingsoup/ticket-to-ride-ai (16f0e886): both maps, with tunnels and ferries;
//   - E: yury-fedotov/ticket-to-ride (a561d2e4): both maps, lengths and colours;
//   - F: czirkoszoltan/tickettoride (49b766d7): both maps' routes;
//   - G: barrucadu/mussolini (93f8d252): Europe routes;
//   - H: alphajuliet/ticket-to-ride (67dc9657): Europe routes;
//   - I: 11samype/TicketToRideEurope (a61a4758): Europe routes and tickets.
//
// The rule books (transcriptions in borisyankov/rulespal and rigard/rulebooks)
// give the scoring tables, the ticket counts and the ferry and tunnel rules.
// Board positions are Board Game Arena's artwork on a 1744 x 1125 image;
// latitudes and longitudes are approximate modern city centres.
package maps

package score_test

import (
	"fmt"
	"strings"

	"ttr/engine/score"
	"ttr/maps"
)

func ExampleLongestPath() {
	m := maps.Europe()
	var routes []int
	// Two loops through Paris: Paris-Bruxelles-Frankfurt and Paris-Dieppe-Brest.
	for _, id := range []string{"bruxelles--paris--1", "bruxelles--frankfurt--1", "frankfurt--paris--1",
		"dieppe--paris--1", "brest--dieppe--1", "brest--paris--1"} {
		r, _ := m.Route(id)
		routes = append(routes, r)
	}
	fmt.Println(score.LongestPath(m, routes))
	// Output: 13
}

func ExampleReadScenario() {
	s, err := score.ReadScenario(strings.NewReader(`{
		"map": "europe",
		"players": [
			{"name": "red", "routes": ["paris--zurich--1", "munchen--zurich--1"], "stations": ["wien"],
			 "tickets": [{"a": "paris", "b": "wien"}]},
			{"name": "blue", "routes": ["munchen--wien--1", "budapest--wien--1"],
			 "tickets": [{"a": "london", "b": "wien"}]}
		]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res := s.Score()
	for _, p := range res.Players {
		fmt.Printf("%s: %d (routes %d, tickets %d, stations %d, longest %d)\n",
			p.Name, p.Total, p.RoutePoints, p.TicketPoints, p.StationPoints, p.LongestBonus)
	}
	fmt.Println("winner:", res.Players[res.Winners[0]].Name, "by", res.DecidedBy)
	// Output:
	// red: 32 (routes 6, tickets 8, stations 8, longest 10)
	// blue: 7 (routes 5, tickets -10, stations 12, longest 0)
	// winner: red by points
}

func ExampleValidate() {
	m := maps.USA()
	r, _ := m.Route("denver--helena--1")
	err := score.Validate(m, []score.Player{{Name: "red", Routes: []int{r}}, {Name: "blue", Routes: []int{r}}})
	fmt.Println(err)
	// Output: score: player "blue": route "denver--helena--1": already held by player "red"
}

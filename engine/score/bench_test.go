package score

import (
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

func BenchmarkLongestPath(b *testing.B) {
	for _, d := range denseBoards {
		m, err := maps.Load(d.mapID)
		if err != nil {
			b.Fatal(err)
		}
		rs := routeIndexes(b, m, d.routes...)
		b.Run(d.name, func(b *testing.B) {
			for b.Loop() {
				LongestPath(m, rs)
			}
		})
	}
}

// BenchmarkFinal scores 5-player Europe boards where every player built
// three stations in the busiest cities and holds eight tickets.
func BenchmarkFinal(b *testing.B) {
	m := maps.Europe()
	busy := []string{"paris", "frankfurt", "pamplona", "berlin", "warszawa", "wien", "budapest", "kyiv",
		"munchen", "zurich", "marseille", "bruxelles", "essen", "venezia", "sevastopol"}
	rng := rand.New(rand.NewPCG(8, 9))
	var games [][]Player
	for range 16 {
		players := randomGame(m, rng, 5, 0, 8)
		for i, c := range rng.Perm(len(busy)) {
			city, _ := m.City(busy[c])
			players[i/3].Stations = append(players[i/3].Stations, city)
		}
		if err := Validate(m, players); err != nil {
			b.Fatal(err)
		}
		games = append(games, players)
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		Final(m, games[i%len(games)])
		i++
	}
}

package score

import (
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

package board

// HitKind says what a touch landed on.
type HitKind uint8

// What a touch can land on.
const (
	HitNone HitKind = iota
	HitRoute
	HitCity
)

var hitNames = [...]string{"none", "route", "city"}

// String returns the kind's name.
func (k HitKind) String() string {
	if int(k) < len(hitNames) {
		return hitNames[k]
	}
	return "HitKind(?)"
}

// A Hit is what a touch landed on: a route or a city by index.
type Hit struct {
	Kind  HitKind
	Index int // route or city index in the Map; 0 for HitNone
}

// HitTest returns what a touch at p landed on. A touch inside a car space
// or a city circle takes it; a touch on a city's name takes the city;
// otherwise the nearest car space or city circle within the layout's
// Tolerance takes it, so that on a double route the nearer lane wins.
func (l *Layout) HitTest(p Vec) Hit {
	best, bestD := Hit{}, l.Tolerance
	for i := range l.Cities {
		d := max(0, l.Cities[i].Center.Sub(p).Len()-l.CityRadius)
		if d <= bestD {
			best, bestD = Hit{HitCity, i}, d
		}
	}
	for i := range l.Routes {
		for k := range l.Routes[i].Cars {
			c := &l.Routes[i].Cars[k]
			if c.Center.Sub(p).Len()-(c.Length+c.Width)/2 > bestD {
				continue
			}
			if d := c.Body.Dist(p); d < bestD {
				best, bestD = Hit{HitRoute, i}, d
			}
		}
	}
	if bestD == 0 {
		return best
	}
	for i := range l.Cities {
		if l.Cities[i].Label.Contains(p) {
			return Hit{HitCity, i}
		}
	}
	return best
}

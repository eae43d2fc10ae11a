module ttr

go 1.26.8

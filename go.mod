module ttr

go 1.26.8

require (
	github.com/BurntSushi/toml v1.5.0
	github.com/coreos/go-systemd/v22 v22.7.0
	github.com/gen2brain/raylib-go/raylib v0.60.0
	github.com/nicksnyder/go-i18n/v2 v2.6.0
	golang.org/x/text v0.31.0
	periph.io/x/conn/v3 v3.7.2
	periph.io/x/devices/v3 v3.7.4
	periph.io/x/host/v3 v3.8.5
)

require (
	github.com/ebitengine/purego v0.10.0 // indirect
	github.com/jonboulle/clockwork v0.5.0 // indirect
	github.com/jupiterrider/ffi v0.7.0 // indirect
	golang.org/x/exp v0.0.0-20240506185415-9bf2ced13842 // indirect
	golang.org/x/sys v0.29.0 // indirect
)

package display

import "testing"

// TestX11OnlyWithoutWayland: the firmware's window and the simulator send GLFW straight to X11
// only where libwayland cannot connect (no runtime dir, no Wayland
// display named) and an X display is named.
func TestX11OnlyWithoutWayland(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"X11 without a runtime dir (xvfb-run, sudo)", map[string]string{"DISPLAY": ":99"}, true},
		{"X11 with an empty runtime dir", map[string]string{"DISPLAY": ":99", "XDG_RUNTIME_DIR": ""}, true},
		{"X11 with a relative runtime dir", map[string]string{"DISPLAY": ":0", "XDG_RUNTIME_DIR": "run/user/1000"}, true},
		{"a desktop session with a runtime dir", map[string]string{"DISPLAY": ":0", "XDG_RUNTIME_DIR": "/run/user/1000"}, false},
		{"Wayland named", map[string]string{"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, false},
		{"a Wayland socket handed over", map[string]string{"DISPLAY": ":0", "WAYLAND_SOCKET": "5"}, false},
		{"no display at all", map[string]string{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			if got := x11Only(getenv); got != tc.want {
				t.Errorf("x11Only(%v) = %v, want %v", tc.env, got, tc.want)
			}
			set := map[string]string{}
			UseX11Session(getenv, func(k, v string) error { set[k] = v; return nil })
			if got := set["XDG_SESSION_TYPE"] == "x11"; got != tc.want || len(set) > 1 {
				t.Errorf("UseX11Session set %v, want XDG_SESSION_TYPE=x11 %v and nothing else", set, tc.want)
			}
		})
	}
}

package display

import "strings"

// x11Only reports whether GLFW should go straight to X11, from the
// environment. raylib's GLFW is built for both X11 and Wayland and, unless
// XDG_SESSION_TYPE names the session, tries Wayland first; without
// XDG_RUNTIME_DIR (a shell under sudo or su, ssh -X, xvfb-run in CI)
// libwayland cannot connect and says so on stderr ("error:
// XDG_RUNTIME_DIR is invalid or not set in the environment.") before GLFW
// falls back to X11 and the window opens as usual. Then, and only when no
// Wayland display is named and an X display is, the firmware and the simulator tell GLFW
// the session is X11 (UseX11Session): no Wayland server was reachable, so
// nothing is hidden, and any error of X11 itself is still printed.
func x11Only(getenv func(string) string) bool {
	return getenv("DISPLAY") != "" &&
		getenv("WAYLAND_DISPLAY") == "" && getenv("WAYLAND_SOCKET") == "" &&
		!strings.HasPrefix(getenv("XDG_RUNTIME_DIR"), "/")
}

// UseX11Session sets XDG_SESSION_TYPE=x11 for this process when x11Only
// says so; GLFW reads it when raylib opens the window.
func UseX11Session(getenv func(string) string, setenv func(key, value string) error) {
	if x11Only(getenv) {
		setenv("XDG_SESSION_TYPE", "x11")
	}
}

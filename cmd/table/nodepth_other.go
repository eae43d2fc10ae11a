//go:build !(linux && !drm && !rgfw && !sdl && !sdl3 && !android && !wayland && !es2 && !es3)

package main

// windowBuffers returns the bits of depth and stencil of the open window's
// framebuffer; ok is false where the build does not know them, as here
// (the Pi's DRM build asks EGL for a depth buffer, in the GPU's memory).
func windowBuffers() (depth, stencil int, ok bool) { return 0, 0, false }

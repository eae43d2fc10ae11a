//go:build linux && !drm && !rgfw && !sdl && !sdl3 && !android && !wayland && !es2 && !es3

package main

// The desktop build's window, made by raylib through GLFW, has no depth
// or stencil buffer. The table draws flat shapes and text, never testing
// depth or stencil, yet GLFW asks for 24 and 8 bits by default, and
// raylib's InitWindow resets GLFW's hints before it makes the window, so
// no raylib call can ask otherwise. The link wraps GLFW's window creation
// (ld --wrap): the wrapper asks for no depth and no stencil, then makes the
// window as raylib asked. Under a software renderer (Mesa's llvmpipe, as
// on a desktop without a GPU or under Xvfb) the buffer would be 8 MB of
// the table's own memory at 1920x1080, zeroed at creation.

/*
#cgo LDFLAGS: -Wl,--wrap=glfwCreateWindow

typedef struct GLFWwindow GLFWwindow;
typedef struct GLFWmonitor GLFWmonitor;

GLFWwindow *__real_glfwCreateWindow(int width, int height, const char *title, GLFWmonitor *monitor, GLFWwindow *share);
void glfwWindowHint(int hint, int value);
void glGetIntegerv(unsigned int pname, int *data);

GLFWwindow *__wrap_glfwCreateWindow(int width, int height, const char *title, GLFWmonitor *monitor, GLFWwindow *share) {
	glfwWindowHint(0x00021005, 0); // GLFW_DEPTH_BITS
	glfwWindowHint(0x00021006, 0); // GLFW_STENCIL_BITS
	return __real_glfwCreateWindow(width, height, title, monitor, share);
}

static int ttrDepthBits(void) { int n = -1; glGetIntegerv(0x0D56, &n); return n; }   // GL_DEPTH_BITS
static int ttrStencilBits(void) { int n = -1; glGetIntegerv(0x0D57, &n); return n; } // GL_STENCIL_BITS
*/
import "C"

// windowBuffers returns the bits of depth and stencil of the open window's
// framebuffer (0 and 0: see above); ok is false where the build does not
// know them.
func windowBuffers() (depth, stencil int, ok bool) {
	return int(C.ttrDepthBits()), int(C.ttrStencilBits()), true
}

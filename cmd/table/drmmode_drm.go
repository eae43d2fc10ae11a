//go:build drm

package main

/*
#cgo LDFLAGS: -ldrm
#cgo CFLAGS: -I/usr/include/libdrm
#include <xf86drm.h>
#include <xf86drmMode.h>
*/
import "C"

import (
	"fmt"
	"log/slog"
	"strings"
	"syscall"
	"unsafe"

	rl "github.com/gen2brain/raylib-go/raylib"
)

// displaySize chooses the DRM mode the table drives (chooseMode) and
// returns its size for InitWindow, having set raylib's target frame rate
// to the mode's refresh so that raylib's exact search (size and refresh)
// takes that very mode. The caller sets its own frame rate after
// InitWindow. Without a readable connector, the configured size: raylib
// then searches on its own and logs what it found.
func displaySize(width, height int, log *slog.Logger) (int, int) {
	dev, conn, modes, _, err := connectorModes()
	if err != nil {
		log.Warn("display: cannot list the panel's modes; raylib chooses", "err", err, "configured", fmt.Sprintf("%dx%d", width, height))
		return width, height
	}
	m, why, ok := chooseMode(modes, width, height)
	if !ok {
		log.Warn("display: the panel lists no mode; raylib chooses", "device", dev, "connector", conn)
		return width, height
	}
	list := make([]string, len(modes))
	for i, c := range modes {
		list[i] = c.String()
	}
	log.Info("display mode chosen", "device", dev, "connector", conn, "mode", m.String(), "why", why,
		"configured", fmt.Sprintf("%dx%d", width, height), "modes", strings.Join(list, ", "))
	rl.SetTargetFPS(int32(m.Refresh))
	return m.Width, m.Height
}

// drmDevices are the DRM devices raylib's DRM back end tries, in its order
// (rcore_drm.c, InitPlatform): the first that opens is the one it draws on.
var drmDevices = []string{"/dev/dri/by-path/platform-gpu-card", "/dev/dri/card1", "/dev/dri/card0", "/dev/dri/card2"}

// panelMM returns the physical size the panel raylib draws on reports
// (the connector's mmWidth and mmHeight, from its EDID): 0 x 0 when it
// reports none.
func panelMM() (int, int, error) {
	_, _, _, mm, err := connectorModes()
	return mm[0], mm[1], err
}

// connectorModes lists the modes of the connector raylib will draw on: on
// the first device that opens, the first connector that is connected (or
// unknown, as a Pi's composite output reports) with modes and an encoder;
// and its physical size in millimetres.
func connectorModes() (dev, connector string, modes []displayMode, mm [2]int, err error) {
	fd := -1
	for _, d := range drmDevices {
		if f, err := syscall.Open(d, syscall.O_RDWR|syscall.O_CLOEXEC, 0); err == nil {
			fd, dev = f, d
			break
		}
	}
	if fd < 0 {
		return "", "", nil, mm, fmt.Errorf("no DRM device opens (%v)", drmDevices)
	}
	defer syscall.Close(fd)
	cfd := C.int(fd)
	res := C.drmModeGetResources(cfd)
	if res == nil {
		return dev, "", nil, mm, fmt.Errorf("%s: no mode-setting resources", dev)
	}
	defer C.drmModeFreeResources(res)
	ids := unsafe.Slice(res.connectors, int(res.count_connectors))
	for _, id := range ids {
		con := C.drmModeGetConnector(cfd, id)
		if con == nil {
			continue
		}
		usable := (con.connection == C.DRM_MODE_CONNECTED || con.connection == C.DRM_MODE_UNKNOWNCONNECTION) &&
			con.count_modes > 0 && con.encoder_id != 0
		if usable {
			mm = [2]int{int(con.mmWidth), int(con.mmHeight)}
			connector = fmt.Sprintf("%s-%d", C.GoString(C.drmModeGetConnectorTypeName(con.connector_type)), int(con.connector_type_id))
			for _, m := range unsafe.Slice(con.modes, int(con.count_modes)) {
				modes = append(modes, displayMode{
					Width:      int(m.hdisplay),
					Height:     int(m.vdisplay),
					Refresh:    int(m.vrefresh),
					Preferred:  m._type&C.DRM_MODE_TYPE_PREFERRED != 0,
					Interlaced: m.flags&C.DRM_MODE_FLAG_INTERLACE != 0,
					Name:       C.GoString(&m.name[0]),
				})
			}
		}
		C.drmModeFreeConnector(con)
		if usable {
			return dev, connector, modes, mm, nil
		}
	}
	return dev, "", nil, mm, fmt.Errorf("%s: no connected display", dev)
}

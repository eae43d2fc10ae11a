package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"time"
)

// qmp is a QEMU Machine Protocol connection: JSON objects over a unix
// socket, one command at a time. Events between a command and its answer
// are skipped.
type qmp struct {
	c        net.Conn
	rd       *bufio.Reader
	contacts int // touch contacts so far: the last tracking id given
}

func dialQMP(path string, timeout time.Duration) (*qmp, error) {
	c, err := dialUnix(path, timeout)
	if err != nil {
		return nil, fmt.Errorf("qmp: %w", err)
	}
	q := &qmp{c: c, rd: bufio.NewReader(c)}
	if _, err := q.read(); err != nil { // the greeting
		c.Close()
		return nil, err
	}
	if _, err := q.do("qmp_capabilities", nil); err != nil {
		c.Close()
		return nil, err
	}
	return q, nil
}

type qmpReply struct {
	Return json.RawMessage `json:"return"`
	Error  *struct {
		Class, Desc string
	} `json:"error"`
	Event string `json:"event"`
}

func (q *qmp) read() (qmpReply, error) {
	var r qmpReply
	line, err := q.rd.ReadBytes('\n')
	if err != nil {
		return r, fmt.Errorf("qmp: %w", err)
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return r, fmt.Errorf("qmp: %q: %w", line, err)
	}
	return r, nil
}

// do runs one command and returns its answer.
func (q *qmp) do(cmd string, args any) (json.RawMessage, error) {
	m := map[string]any{"execute": cmd}
	if args != nil {
		m["arguments"] = args
	}
	b, _ := json.Marshal(m)
	q.c.SetDeadline(time.Now().Add(60 * time.Second))
	if _, err := q.c.Write(append(b, '\n')); err != nil {
		return nil, fmt.Errorf("qmp %s: %w", cmd, err)
	}
	for {
		r, err := q.read()
		if err != nil {
			return nil, err
		}
		if r.Event != "" {
			continue
		}
		if r.Error != nil {
			return nil, fmt.Errorf("qmp %s: %s: %s", cmd, r.Error.Class, r.Error.Desc)
		}
		return r.Return, nil
	}
}

// screendump writes the screen to path as PNG.
func (q *qmp) screendump(path string) error {
	_, err := q.do("screendump", map[string]any{"filename": path, "format": "png"})
	return err
}

// The touch screen is QEMU's virtio-multitouch-pci: a direct-touch device
// with multi-touch slots (ABS_MT_SLOT, ABS_MT_TRACKING_ID and
// ABS_MT_POSITION_X/Y, 0..32767), so the guest's kernel hands the
// firmware's own multi-touch reader what a USB touch screen would. QMP's
// input-send-event drives it with "mtt" events: a begin or end event
// selects a slot and sets its tracking id (-1 lifts the finger), a data
// event sets an axis of the selected slot; each call ends with one
// SYN_REPORT, so a call is one frame of the screen.

// absAxis is pixel v of a screen size pixels wide on the device's axis.
func absAxis(v, size int) int { return (v*32767 + size/2) / (size - 1) }

// fingerDown is the frame in which a finger comes down in slot at (x, y)
// of a w x h screen, with tracking id id (a new one for each contact).
func fingerDown(slot, id, x, y, w, h int) []map[string]any {
	return []map[string]any{
		mtt("begin", slot, id, "", 0),
		mtt("data", slot, id, "x", absAxis(x, w)),
		mtt("data", slot, id, "y", absAxis(y, h)),
	}
}

// fingerUp is the frame in which the finger in slot lifts.
func fingerUp(slot int) []map[string]any {
	return []map[string]any{mtt("end", slot, -1, "", 0)}
}

func mtt(kind string, slot, id int, axis string, value int) map[string]any {
	d := map[string]any{"type": kind, "slot": slot, "tracking-id": id, "axis": "x", "value": 0}
	if axis != "" {
		d["axis"], d["value"] = axis, value
	}
	return map[string]any{"type": "mtt", "data": d}
}

// send sends one frame of events to the touch screen.
func (q *qmp) send(events []map[string]any) error {
	_, err := q.do("input-send-event", map[string]any{"events": events})
	return err
}

// tap touches the screen at (x, y) of a w x h screen with one finger
// (slot 0): down, held 300 ms, lifted.
func (q *qmp) tap(x, y, w, h int) error {
	q.contacts++
	if err := q.send(fingerDown(0, q.contacts, x, y, w, h)); err != nil {
		return err
	}
	time.Sleep(300 * time.Millisecond)
	return q.send(fingerUp(0))
}

func (q *qmp) Close() error { return q.c.Close() }

// dialUnix connects to the unix socket at path, trying again until qemu has
// made it or timeout has passed.
func dialUnix(path string, timeout time.Duration) (net.Conn, error) {
	for end := time.Now().Add(timeout); ; time.Sleep(100 * time.Millisecond) {
		c, err := net.Dial("unix", path)
		if err == nil || time.Now().After(end) {
			return c, err
		}
	}
}

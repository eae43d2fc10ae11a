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
	c  net.Conn
	rd *bufio.Reader
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

// tap touches the screen at (x, y) of a w x h screen through the virtio
// tablet (absolute axes 0..32767, as QEMU scales them): move, press, release.
func (q *qmp) tap(x, y, w, h int) error {
	ax := func(v, size int) int { return (v*32767 + size/2) / (size - 1) }
	abs := []map[string]any{
		{"type": "abs", "data": map[string]any{"axis": "x", "value": ax(x, w)}},
		{"type": "abs", "data": map[string]any{"axis": "y", "value": ax(y, h)}},
	}
	if _, err := q.do("input-send-event", map[string]any{"events": abs}); err != nil {
		return err
	}
	for _, down := range []bool{true, false} {
		ev := []map[string]any{{"type": "btn", "data": map[string]any{"button": "left", "down": down}}}
		if _, err := q.do("input-send-event", map[string]any{"events": ev}); err != nil {
			return err
		}
		time.Sleep(300 * time.Millisecond)
	}
	return nil
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

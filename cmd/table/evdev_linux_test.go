//go:build linux

package main

import (
	"encoding/binary"
	"os"
	"reflect"
	"testing"
)

// TestTouchscreenRead feeds struct input_event records, as the kernel
// writes them on 64-bit Linux, through a pipe standing in for an evdev
// node, and reads the taps they make.
func TestTouchscreenRead(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ts := &touchscreens{files: []*os.File{r}}
	d := newMTDecoder(absRange{0, 1920}, absRange{0, 1080}, true, 1920, 1080)
	done := make(chan struct{})
	go func() { ts.read(r, d); close(done) }()
	var buf []byte
	for _, e := range cat(down(0, 5, 100, 200), down(1, 6, 1800, 1000), []ev{syn}) {
		rec := make([]byte, eventSize)
		binary.LittleEndian.PutUint64(rec[0:], 1764000000) // tv_sec
		binary.LittleEndian.PutUint64(rec[8:], 250000)     // tv_usec
		binary.LittleEndian.PutUint16(rec[16:], e.typ)
		binary.LittleEndian.PutUint16(rec[18:], e.code)
		binary.LittleEndian.PutUint32(rec[20:], uint32(e.value))
		buf = append(buf, rec...)
	}
	// Split mid-record: a read may end anywhere.
	if _, err := w.Write(buf[:eventSize*3+7]); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(buf[eventSize*3+7:]); err != nil {
		t.Fatal(err)
	}
	w.Close()
	<-done
	want := []touchPoint{{ID: 5, X: 100, Y: 200}, {ID: 6, X: 1800, Y: 1000}}
	if got := ts.Taps(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := ts.Taps(); got != nil {
		t.Errorf("taps given twice: %v", got)
	}
}

package main

import (
	"bytes"
	"fmt"
	"net"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// shell is a root shell in the guest on its virtio console (hvc0), started
// by the test's own unit (vmtest-shell.service, never in the image): bash
// reading commands from the console, its echo off. Each command's output
// is framed by numbered markers.
type shell struct {
	c   net.Conn
	mu  sync.Mutex
	buf bytes.Buffer
	n   int
	err error
}

func dialShell(path string, timeout time.Duration) (*shell, error) {
	c, err := dialUnix(path, timeout)
	if err != nil {
		return nil, fmt.Errorf("shell: %w", err)
	}
	s := &shell{c: c}
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := c.Read(b)
			s.mu.Lock()
			s.buf.Write(bytes.ReplaceAll(b[:n], []byte("\r"), nil))
			if err != nil {
				s.err = err
			}
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return s, nil
}

// run runs cmd in the guest and returns what it printed (stdout and
// stderr) and its exit status.
func (s *shell) run(cmd string, timeout time.Duration) (string, int, error) {
	s.n++
	id := s.n
	begin, end := fmt.Sprintf("@@B%d@@", id), regexp.MustCompile(fmt.Sprintf(`@@E%d@@ (\d+)\n`, id))
	line := fmt.Sprintf("echo %s; ( %s ) 2>&1; echo @@E%d@@ $?\n", begin, cmd, id)
	if _, err := s.c.Write([]byte(line)); err != nil {
		return "", -1, err
	}
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		s.mu.Lock()
		text, err := s.buf.String(), s.err
		s.mu.Unlock()
		i := strings.Index(text, begin+"\n")
		if i >= 0 {
			rest := text[i+len(begin)+1:]
			if m := end.FindStringSubmatchIndex(rest); m != nil {
				code, _ := strconv.Atoi(rest[m[2]:m[3]])
				s.mu.Lock()
				s.buf.Reset()
				s.mu.Unlock()
				return rest[:m[0]], code, nil
			}
		}
		if err != nil {
			return "", -1, fmt.Errorf("shell: %w", err)
		}
	}
	return "", -1, fmt.Errorf("shell: %q: no answer in %v", cmd, timeout)
}

// must runs cmd and fails unless it exits 0.
func (s *shell) must(cmd string, timeout time.Duration) (string, error) {
	out, code, err := s.run(cmd, timeout)
	if err == nil && code != 0 {
		err = fmt.Errorf("guest: %q exited %d:\n%s", cmd, code, out)
	}
	return out, err
}

// waitUp waits until the shell answers.
func (s *shell) waitUp(timeout time.Duration) error {
	for end := time.Now().Add(timeout); time.Now().Before(end); {
		if out, _, err := s.run("echo up", 5*time.Second); err == nil && strings.Contains(out, "up") {
			return nil
		}
	}
	return fmt.Errorf("shell: the guest's console did not answer in %v", timeout)
}

func (s *shell) Close() error { return s.c.Close() }

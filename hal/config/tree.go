package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// node is a parsed JSON value that remembers where it starts in the file,
// and for an object every key in order (duplicates included), so that
// problems can name the line and unknown or repeated keys are not lost as
// they are by encoding/json's map decoding.
type node struct {
	kind   byte // '{', '[', 's' string, 'n' number, 'b' bool, '0' null
	off    int64
	end    int64 // just after the value's last byte
	str    string
	num    json.Number
	bool   bool
	fields []field
	elems  []*node
}

type field struct {
	key string
	off int64
	val *node
}

func (n *node) kindName() string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 's':
		return "a string"
	case 'n':
		return "a number"
	case 'b':
		return "true or false"
	}
	return "null"
}

// parse reads exactly one JSON value from data.
func parse(data []byte) (*node, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	n, err := parseValue(d, data)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, &syntaxError{off: d.InputOffset(), msg: "unexpected data after the top-level object"}
	}
	return n, nil
}

type syntaxError struct {
	off int64
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

func parseValue(d *json.Decoder, data []byte) (*node, error) {
	off := valueStart(data, d.InputOffset())
	tok, err := d.Token()
	if err != nil {
		return nil, tokenError(err, d.InputOffset())
	}
	n := &node{off: off}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n.kind = '{'
			for d.More() {
				koff := valueStart(data, d.InputOffset())
				k, err := d.Token()
				if err != nil {
					return nil, tokenError(err, d.InputOffset())
				}
				v, err := parseValue(d, data)
				if err != nil {
					return nil, err
				}
				n.fields = append(n.fields, field{key: k.(string), off: koff, val: v})
			}
		case '[':
			n.kind = '['
			for d.More() {
				v, err := parseValue(d, data)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
		}
		if _, err := d.Token(); err != nil { // the closing delimiter
			return nil, tokenError(err, d.InputOffset())
		}
	case string:
		n.kind, n.str = 's', t
	case json.Number:
		n.kind, n.num = 'n', t
	case bool:
		n.kind, n.bool = 'b', t
	case nil:
		n.kind = '0'
	}
	n.end = d.InputOffset()
	return n, nil
}

// valueStart skips the white space, commas and colons before a token.
func valueStart(data []byte, off int64) int64 {
	for off < int64(len(data)) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func tokenError(err error, off int64) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &syntaxError{off: se.Offset, msg: se.Error()}
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return &syntaxError{off: off, msg: "the file ends in the middle of a value"}
	}
	return &syntaxError{off: off, msg: fmt.Sprint(err)}
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := int(off) - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

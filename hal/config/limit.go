package config

import (
	"fmt"
	"io"
	"os"
)

// The bounds of what Load and Parse read. A table's config is a few
// kilobytes and nests four deep (seats, a seat, its buttons, a button);
// the bounds are far above that and far below what would hurt a Pi: the
// parser's memory and stack grow with the nesting (10 MB of "[" took it
// past 1 GB), so what is over them is refused before it is parsed, in
// time linear in the file and without allocating.
const (
	// MaxFileBytes bounds the size of a config file.
	MaxFileBytes = 1 << 20
	// MaxDepth bounds how deep lists and objects nest in a config file.
	MaxDepth = 32
)

// readFile reads the config file at path, refusing, with an *Error, a
// file over MaxFileBytes without reading it whole.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > MaxFileBytes {
		return nil, &Error{File: path, Problems: []Problem{tooLarge(fi.Size())}}
	}
	// A file that grows, or whose size Stat does not know (a pipe), is
	// read one byte past the bound at most.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	if len(data) > MaxFileBytes {
		return nil, &Error{File: path, Problems: []Problem{tooLarge(int64(len(data)))}}
	}
	return data, nil
}

func tooLarge(size int64) Problem {
	return Problem{
		What: fmt.Sprintf("the file has %d bytes, more than the %d a config may have (a table's config has a few thousand)", size, MaxFileBytes),
		Fix:  "this is not the table's config: copy the example (docs/table.example.json) in its place and set your table's values",
		Key:  KeyPrefix + "too_large",
		Args: args{"Bytes": size, "Max": MaxFileBytes},
	}
}

// checkLimits returns the problem of data over MaxFileBytes or nesting
// deeper than MaxDepth, or nil. It scans the bytes once, skipping strings,
// and allocates nothing unless it finds a problem.
func checkLimits(data []byte) *Problem {
	if len(data) > MaxFileBytes {
		p := tooLarge(int64(len(data)))
		return &p
	}
	depth := 0
	inString, escaped := false, false
	for i, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > MaxDepth {
				line, col := lineCol(data, int64(i))
				return &Problem{
					Line: line,
					What: fmt.Sprintf("lists and objects nested more than %d deep at column %d", MaxDepth, col),
					Fix:  "a table's config nests 4 deep at most: check the brackets there",
					Key:  KeyPrefix + "too_deep",
					Args: args{"Column": col, "Max": MaxDepth},
				}
			}
		case c == ']' || c == '}':
			// A closing bracket too many is the parser's to report.
			depth = max(depth-1, 0)
		}
	}
	return nil
}

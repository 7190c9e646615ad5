package main

import (
	"bufio"
	"encoding/json"
)

// jsonStream writes an indented JSON document whose one long list comes as it is made:
// the header fields, then the list's items one by one, then the fields after it. The bytes
// are those json.MarshalIndent(doc, "", "  ") would give for the whole document (plus the
// final newline), so a result can be streamed in constant memory without changing its shape.
type jsonStream struct {
	w     *bufio.Writer
	items int
}

// startJSONStream writes head (a struct with at least one field) without its closing brace,
// and opens the list named key.
func startJSONStream(w *bufio.Writer, head any, key string) *jsonStream {
	b, _ := json.MarshalIndent(head, "", "  ")
	w.Write(b[:len(b)-2]) // without "\n}"
	w.WriteString(",\n  \"" + key + "\": [")
	return &jsonStream{w: w}
}

// item writes one item of the list.
func (s *jsonStream) item(v any) {
	b, _ := json.MarshalIndent(v, "    ", "  ")
	if s.items > 0 {
		s.w.WriteByte(',')
	}
	s.w.WriteString("\n    ")
	s.w.Write(b)
	s.items++
}

// field is a key and value written after the list.
type field struct {
	key   string
	value any
}

// end closes the list and writes the fields after it and the closing brace.
func (s *jsonStream) end(fields ...field) {
	if s.items > 0 {
		s.w.WriteString("\n  ")
	}
	s.w.WriteByte(']')
	for _, f := range fields {
		b, _ := json.MarshalIndent(f.value, "  ", "  ")
		s.w.WriteString(",\n  \"" + f.key + "\": ")
		s.w.Write(b)
	}
	s.w.WriteString("\n}\n")
}

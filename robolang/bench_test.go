package robolang

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkParseCorpus loads all July programs once per iteration.
func BenchmarkParseCorpus(b *testing.B) {
	files := corpusFiles(b)
	var srcs [][]byte
	size := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for i, src := range srcs {
			if _, err := Parse(files[i], src, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkReadRBI(b *testing.B) {
	_, data := sampleRBI(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadRBI(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

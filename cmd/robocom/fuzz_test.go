package main

import (
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// FuzzCommands runs every subcommand (robocomMain, as the binary does, without the window)
// with argument lists built from the fuzz input: the command's flags, enormous, negative and
// malformed numbers, program files good, bad, empty and special, and standard input. No
// argument list may panic. The knobs that make a run long (-rounds, -cycles, -r, -c, the
// timeout option) get small values so that each run is short; their enormous values are
// TestAttacks's cases.
func FuzzCommands(f *testing.F) {
	seeds := [][]byte{
		{0, 1, 2, 3}, {1, 4, 4, 5}, {5, 0, 9, 9, 9}, {4, 7, 1, 8, 8}, {2, 2, 2},
		[]byte("battle -rounds 1 a.rob b.rob"), []byte{3, 0xff, 0x80, 0x7f, 1, 2, 3, 4, 5, 6, 7, 8},
	}
	for _, s := range seeds {
		f.Add(s, []byte("MOV 0, 1\n"))
	}
	f.Fuzz(func(t *testing.T, data, stdin []byte) {
		dir := fuzzFiles(t)
		t.Chdir(dir) // outputs named by bare words (-trace classic) land there, not here
		args := fuzzArgs(data, dir)
		robocomMain(args, strings.NewReader(string(stdin)), io.Discard, io.Discard)
	})
}

var (
	fuzzDirOnce sync.Once
	fuzzDir     string
)

// fuzzFiles makes the files the argument lists name, once per fuzzing process.
func fuzzFiles(t *testing.T) string {
	fuzzDirOnce.Do(func() {
		d, err := os.MkdirTemp("", "robocom-fuzz-")
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{
			"a.rob":     "Name A\nBank a\nTurn 1\nMove\nScan #1\nDie\n", // every game ends at once
			"b.rob":     "Name B\nBank b\nDie\n",
			"bad.rob":   "Bank\nSet 1, 2\nJump @x\n",
			"empty.rob": "",
			"imp.red":   "MOV 0, 1\n",
			"dwarf.red": "ADD #4, 3\nMOV 2, @2\nJMP -2\nDAT #0, #0\n",
			"imp.cw":    "l: move l, l+1\n",
			"b.vna":     "COPY 0, 1\n",
			"o.opt":     "board = 10\ntimeout = 200\n",
			"dup.opt":   "board = 10\nboard = 12\n",
			"p.txt":     "-r 2 -s 100\n",
		}
		for name, src := range files {
			os.WriteFile(filepath.Join(d, name), []byte(src), 0o644)
		}
		os.Mkdir(filepath.Join(d, "dir.rob"), 0o755)
		fuzzDir = d
	})
	if fuzzDir == "" {
		t.Skip("no fuzz folder")
	}
	return fuzzDir
}

var fuzzCommandNames = []string{"battle", "tournament", "check", "rbi", "core", "mars", "help", "merge"}

// fuzzFlags are each command's flags; "#" after a name means it takes a number, "$" a word.
var fuzzFlags = map[string][]string{
	"battle":     {"-seed#", "-rounds#", "-options$", "-opt$", "-place$", "-json", "-trace$", "-q", "-h", "--"},
	"tournament": {"-seed#", "-rounds#", "-options$", "-opt$", "-json", "-swiss", "-size#", "-coresize#", "-s#", "-cycles#", "-c#", "-threads#", "-p#", "-maxlength#", "-l#", "-mindist#", "-d#", "-copies#", "-dialect$", "-shard$", "-o$", "-q", "-h"},
	"check":      {"-rc3", "-options$", "-size#", "-coresize#", "-s#", "-cycles#", "-c#", "-threads#", "-p#", "-maxlength#", "-l#", "-mindist#", "-d#", "-dialect$", "-h"},
	"rbi":        {"-info", "-rc3", "-options$", "-o$", "-h", "--"},
	"core":       {"-seed#", "-rounds#", "-size#", "-coresize#", "-s#", "-cycles#", "-c#", "-threads#", "-p#", "-maxlength#", "-l#", "-mindist#", "-d#", "-copies#", "-dialect$", "-json", "-q", "-h"},
	"mars":       {"-r#", "-s#", "-c#", "-p#", "-l#", "-d#", "-F#", "-S#", "-=$", "-@$", "-b", "-k", "-8", "-f", "-o", "-P", "-V", "-e", "-Q#"},
	"help":       {},
	"merge":      {"-json", "-h"},
}

// slowFlags run longer the larger their value: they get 0..3.
var slowFlags = map[string]bool{"-rounds": true, "-cycles": true, "-r": true, "-c": true}

var fuzzWords = []string{"a.rob", "b.rob", "bad.rob", "empty.rob", "dir.rob", "missing.rob", "imp.red", "dwarf.red",
	"imp.cw", "b.vna", "o.opt", "dup.opt", "p.txt", "/dev/null", "-", "3-", "classic", "rc3", "board=12",
	"timeout=50", "3,4,N", "0,0,E", "x,y,z", "94", "88", "86", "battle", "", "out.trace", "out.rbi",
	"0/2", "1/2", "auto", "part.jsonl", "rc3m"}

// fuzzArgs turns data into a command and its arguments.
func fuzzArgs(data []byte, dir string) []string {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	number := func(slow bool) string {
		k := next()
		if slow {
			return strconv.Itoa(int(k%4) - int(k/4%2)) // -1..3
		}
		switch k % 8 {
		case 0:
			return "0"
		case 1:
			return "-1"
		case 2:
			return "9223372036854775807"
		case 3:
			return "99999999999999999999999"
		case 4:
			return "-9223372036854775808"
		case 5:
			return "1e9"
		case 6:
			return strconv.Itoa(int(next()))
		}
		var b [8]byte
		for i := range b {
			b[i] = next()
		}
		return strconv.FormatInt(int64(binary.LittleEndian.Uint64(b[:])), 10)
	}
	word := func() string {
		w := fuzzWords[int(next())%len(fuzzWords)]
		switch {
		case w == "" || w == "-" || w == "3-" || strings.Contains(w, "=") || strings.Contains(w, ",") || len(w) <= 7 && !strings.Contains(w, "."):
			return w
		case w == "/dev/null":
			return w
		}
		return filepath.Join(dir, w)
	}
	cmd := fuzzCommandNames[int(next())%len(fuzzCommandNames)]
	args := []string{cmd}
	flags := fuzzFlags[cmd]
	for n := 0; len(data) > 0 && n < 12; n++ {
		k := next()
		if k%3 == 0 || len(flags) == 0 {
			args = append(args, word())
			continue
		}
		fl := flags[int(k/3)%len(flags)]
		switch {
		case strings.HasSuffix(fl, "#"):
			name := strings.TrimSuffix(fl, "#")
			args = append(args, name, number(slowFlags[name]))
		case strings.HasSuffix(fl, "$"):
			name := strings.TrimSuffix(fl, "$")
			w := word()
			if name == "-opt" && strings.HasPrefix(w, "timeout") {
				w = "timeout=" + number(true) // a long game is no finding
			}
			args = append(args, name, w)
		default:
			args = append(args, fl)
		}
	}
	// Short games by default (the fuzzed flags come after and override them).
	switch {
	case cmd == "core" || cmd == "tournament" && isCoreTournament(args[1:]):
		args = append([]string{cmd, "-rounds", "1", "-cycles", "300"}, args[1:]...)
	case cmd == "battle" || cmd == "tournament":
		args = append([]string{cmd, "-rounds", "1", "-opt", "timeout=300"}, args[1:]...)
	case cmd == "mars":
		args = append([]string{cmd, "-c", "300"}, args[1:]...)
	}
	return args
}

package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/robolang"
)

const rbiUsage = `usage: robocom rbi [-rc3] FILE.rob [-o FILE.rbi]   save a program as RBI (default: FILE.rbi; -o -: standard output)
       robocom rbi -info FILE.rbi                    print an RBI file's visible header`

// rbiMain is "robocom rbi" (CLI.md). Flags may come before or after the file name.
func rbiMain(stdout, stderr io.Writer, args []string) int {
	var in, out string
	var info, rc3, flagsDone, outGiven bool
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case flagsDone || a == "-" || !strings.HasPrefix(a, "-"): // a file; after "--", "-x.rob" too
			if in != "" {
				fmt.Fprintf(stderr, "robocom rbi: one file at a time (got %s and %s)\n%s\n", termtext.Escape(in), termtext.Escape(a), rbiUsage)
				return 2
			}
			in = a
		case a == "--":
			flagsDone = true
		case a == "-h" || a == "-help" || a == "--help":
			fmt.Fprintln(stdout, rbiUsage)
			return 0
		case a == "-info" || a == "--info":
			info = true
		case a == "-rc3" || a == "--rc3":
			rc3 = true
		case a == "-o" || a == "--o":
			if i+1 == len(args) {
				fmt.Fprintln(stderr, "robocom rbi: -o needs a file name")
				return 2
			}
			i++
			out = args[i]
			outGiven = true
		case strings.HasPrefix(a, "-o="):
			out = strings.TrimPrefix(a, "-o=")
			outGiven = true
		default:
			fmt.Fprintf(stderr, "robocom rbi: unknown flag %s\n%s\n", termtext.Escape(a), rbiUsage)
			return 2
		}
	}
	switch {
	case in == "":
		fmt.Fprintf(stderr, "robocom rbi: no program given\n%s\n", rbiUsage)
		return 2
	case outGiven && out == "":
		fmt.Fprintf(stderr, "robocom rbi: -o needs a file name (- for standard output)\n%s\n", rbiUsage)
		return 2
	case out == "-" && isTerminal(stdout):
		fmt.Fprintln(stderr, "robocom rbi: -o - would write the binary RBI file to the terminal; redirect standard output to a file (> program.rbi) or name one with -o")
		return 2
	case info && outGiven:
		fmt.Fprintf(stderr, "robocom rbi: -info prints what an RBI file holds and writes nothing; -o goes with making one\n%s\n", rbiUsage)
		return 2
	}
	if info {
		return rbiInfo(stdout, stderr, in)
	}
	if out == "" {
		if strings.EqualFold(filepath.Ext(in), ".rbi") { // (the default output would be the input)
			fmt.Fprintf(stderr, "robocom rbi: %s is already an RBI file; robocom rbi makes one from a .rob program (robocom rbi -info %s tells what it holds)\n", termtext.Escape(in), termtext.Escape(in))
			return 1
		}
		out = strings.TrimSuffix(in, filepath.Ext(in)) + ".rbi"
	}
	toStdout := out == "-"
	if !toStdout {
		if err := checkOutputPath("-o", "program.rbi", out, []string{in}, ".rbi"); err != nil {
			fmt.Fprintf(stderr, "robocom rbi: refusing to write: %v\n", err)
			return 1
		}
	}
	p, err := robolang.LoadFile(in, robolang.Options{RC3: rc3})
	if err != nil {
		printLoadErrors(stderr, err)
		if _, rc3Err := robolang.LoadFile(in, robolang.Options{RC3: true}); !rc3 && rc3Err == nil {
			// The loader's sentences name option sets; rbi takes none, only -rc3.
			fmt.Fprintf(stderr, "robocom rbi: %s is an RC3 program: save it with robocom rbi -rc3 %s\n", termtext.Escape(in), termtext.Escape(in))
		}
		return 1
	}
	if p.Hidden {
		// Re-saving hidden code is possible but pointless; say so rather than guess.
		fmt.Fprintf(stderr, "robocom rbi: %s is already an RBI file\n", termtext.Escape(in))
		return 1
	}
	if toStdout {
		raw := stdout
		if tw, ok := stdout.(*termtext.Writer); ok {
			raw = tw.Unwrap() // (escaping would damage the bytes; what is under it still tells a failed write)
		}
		if err := robolang.WriteRBI(raw, p); err != nil {
			return failed(stderr, "robocom rbi: writing standard output", err)
		}
		fmt.Fprintf(stderr, "standard output: saved %q as RBI (%s)\n", p.Name, termtext.CountNoun(len(p.Banks), "bank"))
		return 0
	}
	if err := robolang.SaveRBI(out, p); err != nil {
		return failed(stderr, "robocom rbi", err)
	}
	fmt.Fprintf(stdout, "%s: saved %q as RBI (%s)\n", termtext.Escape(out), p.Name, termtext.CountNoun(len(p.Banks), "bank"))
	return 0
}

func rbiInfo(stdout, stderr io.Writer, path string) int {
	data, err := userfile.Read(path, userfile.Program)
	if err != nil {
		return failed(stderr, "robocom rbi", err)
	}
	h, err := robolang.ReadRBIHeader(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintf(stderr, "robocom rbi: %s: %s\n", termtext.Escape(path), errText(err))
		return 1
	}
	lang := "classic"
	if h.RC3 {
		lang = "rc3"
	}
	fmt.Fprintf(stdout, "Name:     %s\nAuthor:   %s\nCountry:  %s\nFormat:   RBI %d.%d, %s language, seal intact\nCode:     hidden (%d bytes encrypted)\n",
		termtext.Escape(h.Name), termtext.Escape(h.Author), termtext.Escape(h.Country), h.Major, h.Minor, lang, h.SealedSize)
	return 0
}

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"robocom/internal/termtext"
	"robocom/internal/userfile"
	"robocom/robolang"
)

const rbiUsage = `usage: robocom rbi [-rc3 | -options SET] FILE.rob [-o FILE.rbi]   save a program as RBI (default: FILE.rbi; -o -: standard output)
       robocom rbi -info FILE.rbi                                  print an RBI file's visible header`

// rbiMain is "robocom rbi" (CLI.md). Flags may come before or after the file name.
func rbiMain(stdout, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("rbi", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf langFlags // the language the program is read in, as check reads it
	lf.register(fs)
	info := fs.Bool("info", false, "print an RBI file's visible header (name, author, country, format) and write nothing")
	var outFlag outputFlag
	fs.Var(&outFlag, "o", "write the RBI file to `FILE` (default: the program's name with .rbi; -: standard output)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), rbiUsage)
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	usageErr := usageError(stderr, "rbi")
	switch {
	case len(files) == 0:
		return usageErr("no program given")
	case len(files) > 1:
		return usageErr("one file at a time (got %s and %s)", files[0], files[1])
	}
	in, out, outGiven := files[0], string(outFlag), outFlag != ""
	switch {
	case out == "-" && termtext.IsTerminal(stdout):
		fmt.Fprintln(stderr, "robocom rbi: -o - would write the binary RBI file to the terminal; redirect standard output to a file (> program.rbi) or name one with -o")
		return 2
	case *info && outGiven:
		return usageErr("-info prints what an RBI file holds and writes nothing; -o goes with making one")
	}
	if *info {
		return rbiInfo(stdout, stderr, in)
	}
	if out == "" {
		if strings.EqualFold(filepath.Ext(in), ".rbi") { // (the default output would be the input)
			return usageErr("%s is already an RBI file; robocom rbi makes one from a .rob program (robocom rbi -info %s tells what it holds)", in, in)
		}
		out = strings.TrimSuffix(in, filepath.Ext(in)) + ".rbi"
	}
	toStdout := out == "-"
	if !toStdout {
		// Decided from the arguments before any work, so a usage mistake (2), as battle
		// -trace and tournament -o refuse an input.
		if err := checkOutputPath("-o", "program.rbi", out, []string{in}, ".rbi"); err != nil {
			return usageErr("%v", err)
		}
	}
	lang, err := lf.language()
	if err != nil {
		return usageErr("%s", errText(err))
	}
	p, err := robolang.LoadFile(in, lang)
	if err != nil {
		printLoadErrors(stderr, err) // (an RC3 program read as classic: the loader names the option sets to use)
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
